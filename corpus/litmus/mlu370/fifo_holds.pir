// Litmus (rule 2, fifo): the IO queue finishes one instruction before starting the next, so the
// store of n starts after the load of n ended, although both are asynchronous.
// rule: fifo holds
// expect: clean
model "mlu370";
buffer src : GDRAM[256];
buffer dst : GDRAM[256];
buffer n : NRAM[256];
kernel k {
  IO memcpy_async n <- src;
  IO memcpy_async dst <- n;
}
