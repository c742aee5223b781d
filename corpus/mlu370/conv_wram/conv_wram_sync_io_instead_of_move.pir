// Convolution on one IPU, bug: after moving the filter NRAM -> WRAM on the MOVE queue the code
// calls __sync_io() instead of __sync_move(): nothing waits for the MOVE queue, so bang_conv may
// read f_wram before the move has written it.
// bug-class: weak-cambricon-sync
// expect: raw-hazard@27
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
  sync_io();                          // should be sync_move()
  for i in 0..n {
    IO memcpy_async x_nram <- x_gdram[i*TILE +: TILE];
    sync_io();
    COMPUTE bang_conv y_nram <- x_nram, f_wram;
    sync_compute();
    IO memcpy_async y_gdram[i*TILE +: TILE] <- y_nram;
  }
}
