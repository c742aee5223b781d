// Litmus (rule 2, fifo): fifo order holds within one queue only: the copy of n on the MOVE queue
// is not ordered after the load of n on the IO queue.
// rule: fifo missing
// expect: raw-hazard@11
model "mlu590";
buffer src : GDRAM[1024];
buffer n : NRAM[1024];
buffer s : SRAM[1024];
kernel k {
  IO memcpy_async n <- src;
  MOVE memcpy_async s <- n;
}
