// Sum of squares per tile on one IPU, bug: the synchronous __memcpy load was turned into
// __memcpy_async without a __sync_io(): bang_mul may square x_nram before the tile lands, and the
// next load may overwrite x_nram while bang_mul still reads it.
// bug-class: missing-async-sync
// expect: raw-hazard@19 war-hazard@18
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
    IO memcpy_async x_nram <- x_gdram[i*TILE +: TILE];
    COMPUTE bang_mul sq_nram <- x_nram, x_nram;
    COMPUTE bang_add acc <- acc, sq_nram;
  }
  ALU load_scalar <- acc[0 +: 4];
}
