// Litmus (rule 1, issue, blocking op): the synchronous __memcpy ends before anything issued after
// it starts, so the asynchronous move of its result on the MOVE queue is ordered.
// rule: issue holds
// expect: clean
model "mlu590";
buffer src : GDRAM[1024];
buffer n : NRAM[1024];
buffer s : SRAM[1024];
kernel k {
  IO memcpy n <- src;
  MOVE memcpy_async s <- n;
}
