// Cast with the input resident in UB, bug: Compute waits only for the event of the last tile load,
// which does cover every earlier load (a set waits for everything before it on MTE2), but the
// events of the other tiles are never consumed and stay set after the kernel (leaked signals).
// bug-class: leaked-signal
// expect: unmatched-signal@18
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
  wait_flag(MTE2, V, tiles - 1);
  for i in 0..tiles {
    V vconv y_ub[i] <- x_ub[i];
  }
  set_flag(V, MTE3, 0);
  wait_flag(V, MTE3, 0);
  MTE3 copy_ubuf_to_gm y_gm <- y_ub[0 +: tiles * TILE / 2];
}
