// Litmus (rule 7, 6-argument barrier): __sync_io_move_compute(1, 0, 0, 0, 1, 0) makes the MOVE
// queue wait for IO (the form arch-592 kernels use before moving a loaded tile), which is all
// this hand-off from GDRAM through NRAM to WRAM needs.
// rule: barrier holds-mask
// expect: clean
model "mlu590";
buffer src : GDRAM[1024];
buffer n : NRAM[1024];
buffer w : WRAM[1024];
kernel k {
  IO memcpy_async n <- src;
  sync_io_move_compute(1, 0, 0, 0, 1, 0);
  MOVE memcpy_async w <- n;
}
