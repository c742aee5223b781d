// Cast fp32 -> fp16 with the whole input resident in UB: CopyIn issues every tile load up front and
// signals each tile on its own event id (tiles <= 4 of the 8 ids), Compute converts tile by tile
// as the loads land, then one CopyOut stores the result.
// bug-class: none
// expect: clean
model "ascend910b2";
param tiles in 1..4;
const TILE = 8192;

buffer x_gm : GM[tiles * TILE];
buffer y_gm : GM[tiles * TILE / 2];
buffer x_ub : UB[4][TILE];
buffer y_ub : UB[4][TILE / 2];

kernel cast_f32_f16 {
  for i in 0..tiles {
    MTE2 copy_gm_to_ubuf x_ub[i] <- x_gm[i*TILE +: TILE];
    set_flag(MTE2, V, i);
  }
  for i in 0..tiles {
    wait_flag(MTE2, V, i);
    V vconv y_ub[i] <- x_ub[i];
  }
  set_flag(V, MTE3, 0);
  wait_flag(V, MTE3, 0);
  MTE3 copy_ubuf_to_gm y_gm <- y_ub[0 +: tiles * TILE / 2];
}
