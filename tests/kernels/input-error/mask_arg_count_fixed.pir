// input-error, fixed: the six-argument form (IO -> COMPUTE).
// expect: clean
model "mlu370";
buffer g : GDRAM[256];
buffer n : NRAM[256];
kernel k {
  IO memcpy_async n <- g;
  sync_io_move_compute(1, 0, 0, 0, 0, 1);
  COMPUTE bang_active_relu n <- n;
}
