// Litmus (rule 7, 6-argument barrier): __sync_io_move_compute(1, 0, 0, 0, 0, 1) makes COMPUTE wait
// for IO, which is all this hand-off needs.
// rule: barrier holds-mask
// expect: clean
model "mlu370";
buffer src : GDRAM[256];
buffer x : NRAM[256];
buffer y : NRAM[256];
kernel k {
  IO memcpy_async x <- src;
  sync_io_move_compute(1, 0, 0, 0, 0, 1);
  COMPUTE bang_active_relu y <- x;
}
