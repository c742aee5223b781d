// Litmus (rule 7, 6-argument barrier): with the halves swapped, (0, 0, 1, 1, 0, 0) makes IO wait for
// COMPUTE, not COMPUTE for IO, so the relu may read x before the load lands.
// rule: barrier missing-mask
// expect: raw-hazard@12
model "mlu370";
buffer src : GDRAM[256];
buffer x : NRAM[256];
buffer y : NRAM[256];
kernel k {
  IO memcpy_async x <- src;
  sync_io_move_compute(0, 0, 1, 1, 0, 0);
  COMPUTE bang_active_relu y <- x;
}
