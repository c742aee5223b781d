// Litmus (rule 7, barrier): __sync_compute() drains only the compute queue: it does not order the
// asynchronous load before the relu that reads its result (a weaker sync than needed).
// rule: barrier missing
// expect: raw-hazard@12
model "mlu370";
buffer src : GDRAM[256];
buffer x : NRAM[256];
buffer y : NRAM[256];
kernel k {
  IO memcpy_async x <- src;
  sync_compute();
  COMPUTE bang_active_relu y <- x;
}
