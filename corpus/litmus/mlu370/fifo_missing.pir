// Litmus (rule 2, fifo): fifo order holds per queue only: the same store issued on the MOVE queue
// is not ordered after the load on the IO queue.
// rule: fifo missing
// expect: raw-hazard@11
model "mlu370";
buffer src : GDRAM[256];
buffer n : NRAM[256];
buffer n2 : NRAM[256];
kernel k {
  IO memcpy_async n <- src;
  MOVE memcpy_async n2 <- n;
}
