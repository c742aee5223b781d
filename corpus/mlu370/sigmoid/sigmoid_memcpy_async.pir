// Sigmoid on one IPU with __memcpy_async and the explicit syncs it needs: __sync_io() after the
// load (compute reads x_nram) and __sync_compute() after the compute (the store reads y_nram, the
// next load overwrites x_nram).
// bug-class: none
// expect: clean
model "mlu370";
param n in 1..4;
const TILE = 16384;

buffer x_gdram : GDRAM[n * TILE];
buffer y_gdram : GDRAM[n * TILE];
buffer x_nram  : NRAM[TILE];
buffer y_nram  : NRAM[TILE];

kernel sigmoid_async_copy {
  for i in 0..n {
    IO memcpy_async x_nram <- x_gdram[i*TILE +: TILE];
    sync_io();
    COMPUTE bang_active_sigmoid y_nram <- x_nram;
    sync_compute();
    memcpy_async y_gdram[i*TILE +: TILE] <- y_nram;
  }
}
