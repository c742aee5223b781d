// Litmus (rule 1, issue, blocking op): the synchronous memcpy ends before anything issued after it
// starts, so the asynchronous move of its result on another queue is ordered.
// rule: issue holds
// expect: clean
model "mlu370";
buffer src : GDRAM[256];
buffer n : NRAM[256];
buffer w : WRAM[256];
kernel k {
  IO memcpy n <- src;
  MOVE memcpy_async w <- n;
}
