// Dequantize int8 -> float on one IPU, bug: the barrier before the asynchronous store is
// __sync_io() where the compute queue must drain (__sync_compute()): the store may read y_nram
// before bang_mul_scalar has written it, and the next load may overwrite q_nram while it is read.
// bug-class: weak-cambricon-sync
// expect: raw-hazard@25 war-hazard@20
model "mlu370";
param n in 1..4;
const TILE = 8192;

buffer q_gdram     : GDRAM[n * TILE];
buffer scale_gdram : GDRAM[4];
buffer y_gdram     : GDRAM[n * TILE * 4];
buffer scale_nram  : NRAM[64];
buffer q_nram      : NRAM[TILE];
buffer y_nram      : NRAM[TILE * 4];

kernel dequant {
  IO memcpy_async scale_nram[0 +: 4] <- scale_gdram;
  for i in 0..n {
    IO memcpy_async q_nram <- q_gdram[i*TILE +: TILE];
    sync_io();
    if (i == 0) { ALU load_scalar <- scale_nram[0 +: 4]; }
    COMPUTE bang_mul_scalar y_nram <- q_nram;
    sync_io();                                // should be sync_compute()
    IO memcpy_async y_gdram[i*TILE*4 +: TILE*4] <- y_nram;
  }
}
