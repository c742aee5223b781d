// Sigmoid on one IPU, bug: the __memcpy calls were turned into __memcpy_async for speed but no
// __sync_io()/__sync_compute() was added: asynchronous copies are not interlocked, so the compute
// may read x_nram before the load lands, the store may read y_nram before the compute wrote it,
// and the next load may overwrite x_nram while the compute still reads it.
// bug-class: missing-async-sync
// expect: raw-hazard@19 raw-hazard@20 war-hazard@18 war-hazard@19
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
    COMPUTE bang_active_sigmoid y_nram <- x_nram;
    memcpy_async y_gdram[i*TILE +: TILE] <- y_nram;
  }
}
