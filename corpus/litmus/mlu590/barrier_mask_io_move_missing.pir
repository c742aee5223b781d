// Litmus (rule 7, 6-argument barrier): (1, 0, 0, 0, 0, 1) makes COMPUTE wait for IO, not MOVE,
// so the move to WRAM may read n before the load has written it.
// rule: barrier missing-mask
// expect: raw-hazard@12
model "mlu590";
buffer src : GDRAM[1024];
buffer n : NRAM[1024];
buffer w : WRAM[1024];
kernel k {
  IO memcpy_async n <- src;
  sync_io_move_compute(1, 0, 0, 0, 0, 1);
  MOVE memcpy_async w <- n;
}
