// Sum of squares per tile (the LayerNorm variance pass) on one IPU with synchronous __memcpy loads:
// the accumulator is cleared by bang_write_value on the compute queue, which is interlocked with
// the bang_add that accumulates into it, so no explicit sync is needed anywhere; the ALU reads the
// final sum.
// bug-class: none
// expect: clean
model "mlu370";
param n in 1..4;
const TILE = 8192;

buffer x_gdram : GDRAM[n * TILE];
buffer x_nram  : NRAM[TILE];
buffer sq_nram : NRAM[TILE];
buffer acc     : NRAM[TILE];

kernel sum_squares {
  COMPUTE bang_write_value acc;                         // acc = 0
  for i in 0..n {
    IO memcpy x_nram <- x_gdram[i*TILE +: TILE];
    COMPUTE bang_mul sq_nram <- x_nram, x_nram;
    COMPUTE bang_add acc <- acc, sq_nram;
  }
  ALU load_scalar <- acc[0 +: 4];
}
