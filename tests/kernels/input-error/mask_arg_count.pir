// input-error: __sync_io_move_compute takes no arguments or six (io, move, compute, io', move',
// compute'); three is neither.
// expect: input-error@9
model "mlu370";
buffer g : GDRAM[256];
buffer n : NRAM[256];
kernel k {
  IO memcpy_async n <- g;
  sync_io_move_compute(1, 0, 1);
  COMPUTE bang_active_relu n <- n;
}
