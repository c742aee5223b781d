// Row softmax numerator on one IPU, bug: the barrier before the asynchronous store is __sync_io()
// where the compute queue must drain (__sync_compute()), so the store may read y_nram before the
// compute ops that write it have ended, and the next row's load may overwrite x_nram while the
// compute ops of this row still read it (nothing but the IO queue is drained: the scalar ALU
// does not hold issue for what comes after it).
// bug-class: weak-cambricon-sync
// expect: raw-hazard@31 raw-hazard@31 raw-hazard@31 war-hazard@20 war-hazard@20
model "mlu370";
param rows in 1..4;
const ROW = 4096;

buffer x_gdram : GDRAM[rows * ROW];
buffer y_gdram : GDRAM[rows * ROW];
buffer x_nram  : NRAM[ROW];
buffer y_nram  : NRAM[ROW];
buffer red     : NRAM[128];       // [0,4) max, [64,68) sum, [96,100) 1/sum

kernel softmax_rows {
  for r in 0..rows {
    IO memcpy_async x_nram <- x_gdram[r*ROW +: ROW];
    sync_io();
    COMPUTE bang_maxpool red[0 +: 4] <- x_nram;
    ALU load_scalar <- red[0 +: 4];                     // m = max(x)
    COMPUTE bang_add_scalar y_nram <- x_nram;           // y = x - m
    COMPUTE bang_active_exp y_nram <- y_nram;
    COMPUTE bang_sumpool red[64 +: 4] <- y_nram;
    ALU load_scalar <- red[64 +: 4];                    // s = sum(y)
    ALU store_scalar red[96 +: 4];                      // 1 / s
    COMPUTE bang_mul_scalar y_nram <- y_nram, red[96 +: 4];
    sync_io();                                          // should be sync_compute()
    memcpy_async y_gdram[r*ROW +: ROW] <- y_nram;
  }
}
