// Litmus (rule 7, barrier): __sync_io() makes everything after it wait until the IO queue drained.
// rule: barrier holds
// expect: clean
model "mlu370";
buffer src : GDRAM[256];
buffer x : NRAM[256];
buffer y : NRAM[256];
kernel k {
  IO memcpy_async x <- src;
  sync_io();
  COMPUTE bang_active_relu y <- x;
}
