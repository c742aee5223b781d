// Sigmoid with __memcpy_async, bug: the barrier after the compute is __sync_io() where the compute
// queue must drain (__sync_compute()): __sync_io() only waits for the IO queue, so the store may
// read y_nram before bang_active_sigmoid has written it, and the next load may overwrite x_nram
// while the compute still reads it.
// bug-class: weak-cambricon-sync
// expect: raw-hazard@22 war-hazard@18
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
    sync_io();                        // should be sync_compute()
    memcpy_async y_gdram[i*TILE +: TILE] <- y_nram;
  }
}
