// Cast with the input resident in UB, ported correctly to the 910: tiles are processed in chunks
// of 4 so that each chunk uses event ids 0-3 once, and V hands the ids back (V->MTE2) before the
// next chunk's loads set them again. Clean under both models.
// bug-class: none
// expect: clean
// expect(--model ascend910b2): clean
model "ascend910";
param tiles in 1..7;
const TILE = 8192;

buffer x_gm : GM[tiles * TILE];
buffer y_gm : GM[tiles * TILE / 2];
buffer x_ub : UB[8][TILE];
buffer y_ub : UB[8][TILE / 2];

kernel cast_f32_f16 {
  for c in 0..(tiles + 3) / 4 {
    if (c > 0) { wait_flag(V, MTE2, 0); }
    for j in 0..min(4, tiles - c*4) {
      MTE2 copy_gm_to_ubuf x_ub[c*4 + j] <- x_gm[(c*4 + j)*TILE +: TILE];
      set_flag(MTE2, V, j);
    }
    for j in 0..min(4, tiles - c*4) {
      wait_flag(MTE2, V, j);
      V vconv y_ub[c*4 + j] <- x_ub[c*4 + j];
    }
    if (c < (tiles + 3) / 4 - 1) { set_flag(V, MTE2, 0); }
  }
  set_flag(V, MTE3, 0);
  wait_flag(V, MTE3, 0);
  MTE3 copy_ubuf_to_gm y_gm <- y_ub[0 +: tiles * TILE / 2];
}
