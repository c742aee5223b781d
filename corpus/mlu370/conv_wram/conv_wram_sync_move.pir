// Convolution on one IPU: the filter is staged GDRAM -> NRAM by IO and then NRAM -> WRAM by the
// MOVE queue (__memcpy_async on MOVE), so bang_conv must wait for both: __sync_io() before the move,
// __sync_move() before the first conv. Input tiles stream through IO with __sync_io/__sync_compute.
// bug-class: none
// expect: clean
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
  sync_move();
  for i in 0..n {
    IO memcpy_async x_nram <- x_gdram[i*TILE +: TILE];
    sync_io();
    COMPUTE bang_conv y_nram <- x_nram, f_wram;
    sync_compute();
    IO memcpy_async y_gdram[i*TILE +: TILE] <- y_nram;
  }
}
