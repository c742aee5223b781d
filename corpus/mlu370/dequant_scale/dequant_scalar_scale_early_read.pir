// Dequantize int8 -> float, bug: the scalar ALU reads the scale right after issuing its
// __memcpy_async, before the __sync_io() of the loop: asynchronous copies are not interlocked, so
// the ALU may read the old contents of scale_nram.
// bug-class: scalar-no-sync
// expect: raw-hazard@19
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
  ALU load_scalar <- scale_nram[0 +: 4];
  for i in 0..n {
    IO memcpy_async q_nram <- q_gdram[i*TILE +: TILE];
    sync_io();
    COMPUTE bang_mul_scalar y_nram <- q_nram;
    sync_compute();
    IO memcpy_async y_gdram[i*TILE*4 +: TILE*4] <- y_nram;
  }
}
