// Sum of squares per tile, bug: to overlap the clear with the first load, the accumulator is
// zeroed with an asynchronous memset on the MOVE queue; *_async ops are not interlocked and nothing
// waits for MOVE, so the first bang_add may read acc before it is zeroed and the memset may land
// after the first accumulation.
// bug-class: missing-async-sync
// expect: raw-hazard@21 raw-hazard@23 waw-hazard@21
model "mlu370";
param n in 1..4;
const TILE = 8192;

buffer x_gdram : GDRAM[n * TILE];
buffer x_nram  : NRAM[TILE];
buffer sq_nram : NRAM[TILE];
buffer acc     : NRAM[TILE];

kernel sum_squares {
  MOVE memset_async acc;                                // acc = 0, asynchronously
  for i in 0..n {
    IO memcpy x_nram <- x_gdram[i*TILE +: TILE];
    COMPUTE bang_mul sq_nram <- x_nram, x_nram;
    COMPUTE bang_add acc <- acc, sq_nram;
  }
  ALU load_scalar <- acc[0 +: 4];
}
