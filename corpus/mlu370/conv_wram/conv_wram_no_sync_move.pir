// Convolution on one IPU, bug: the __sync_move() after moving the filter NRAM -> WRAM was dropped:
// the move is asynchronous (not interlocked) and the loop's __sync_io()/__sync_compute() do not
// drain the MOVE queue, so bang_conv may read f_wram before the filter has arrived.
// bug-class: missing-async-sync
// expect: raw-hazard@26
model "mlu370";
param n in 1..4;
const TILE = 16384;
const FILT = 32768;

buffer x_gdram : GDRAM[n * TILE];
buffer f_gdram : GDRAM[FILT];
buffer y_gdram : GDRAM[n * TILE];
buffer f_nram  : NRAM[FILT];
buffer f_wram  : WRAM[FILT];
buffer x_nram  : NRAM[TILE];
buffer y_nram  : NRAM[TILE];

kernel conv2d {
  IO memcpy_async f_nram <- f_gdram;
  sync_io();
  MOVE memcpy_async f_wram <- f_nram;
  for i in 0..n {
    IO memcpy_async x_nram <- x_gdram[i*TILE +: TILE];
    sync_io();
    COMPUTE bang_conv y_nram <- x_nram, f_wram;
    sync_compute();
    IO memcpy_async y_gdram[i*TILE +: TILE] <- y_nram;
  }
}
