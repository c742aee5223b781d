// Litmus (rule 2, fifo): the IO queue finishes one instruction before it starts the next, so
// the store of n starts after the load of n ended, although both are asynchronous.
// rule: fifo holds
// expect: clean
model "mlu590";
buffer src : GDRAM[1024];
buffer dst : GDRAM[1024];
buffer n : NRAM[1024];
kernel k {
  IO memcpy_async n <- src;
  IO memcpy_async dst <- n;
}
