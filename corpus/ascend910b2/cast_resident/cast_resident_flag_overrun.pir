// Cast with the input resident in UB, bug: every tile load signals the same event id 0, so with two
// or more tiles MTE2 sets the binary flag again before V has consumed it (flag overrun: the two sets
// merge in hardware and the second wait then hangs).
// bug-class: flag-overrun
// expect: flag-overrun@18
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
    set_flag(MTE2, V, 0);
  }
  for i in 0..tiles {
    wait_flag(MTE2, V, 0);
    V vconv y_ub[i] <- x_ub[i];
  }
  set_flag(V, MTE3, 0);
  wait_flag(V, MTE3, 0);
  MTE3 copy_ubuf_to_gm y_gm <- y_ub[0 +: tiles * TILE / 2];
}
