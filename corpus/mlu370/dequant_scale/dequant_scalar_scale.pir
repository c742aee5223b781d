// Dequantize int8 -> float on one IPU: the per-tensor scale is fetched into NRAM with
// __memcpy_async together with the first tile, the scalar ALU reads it after __sync_io(), and
// each tile is converted and scaled by the compute queue and stored asynchronously.
// bug-class: none
// expect: clean
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
    sync_compute();
    IO memcpy_async y_gdram[i*TILE*4 +: TILE*4] <- y_nram;
  }
}
