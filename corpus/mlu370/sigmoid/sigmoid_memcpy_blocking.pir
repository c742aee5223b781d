// Sigmoid on one IPU with the synchronous __memcpy: the load ends before anything after it is
// issued, bang_active_sigmoid and the store are interlocked with it and with each other, so the
// single-buffered loop needs no explicit __sync_* at all (slow but correct).
// bug-class: none
// expect: clean
model "mlu370";
param n in 1..4;
const TILE = 16384;

buffer x_gdram : GDRAM[n * TILE];
buffer y_gdram : GDRAM[n * TILE];
buffer x_nram  : NRAM[TILE];
buffer y_nram  : NRAM[TILE];

kernel sigmoid_sync_copy {
  for i in 0..n {
    IO memcpy x_nram <- x_gdram[i*TILE +: TILE];
    COMPUTE bang_active_sigmoid y_nram <- x_nram;
    memcpy y_gdram[i*TILE +: TILE] <- y_nram;
  }
}
