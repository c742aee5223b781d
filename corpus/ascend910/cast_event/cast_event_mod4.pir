// Cast with the input resident in UB, bug (a failed port to the 910): the event id was wrapped to
// i % 4 to fit the 4 ids, but all loads are still issued before the first wait, so from the fifth
// tile on MTE2 sets an event that V has not consumed yet (flag overrun) -- under both models.
// bug-class: flag-overrun
// expect: flag-overrun@19
// expect(--model ascend910b2): flag-overrun@19
model "ascend910";
param tiles in 1..6;
const TILE = 8192;

buffer x_gm : GM[tiles * TILE];
buffer y_gm : GM[tiles * TILE / 2];
buffer x_ub : UB[6][TILE];
buffer y_ub : UB[6][TILE / 2];

kernel cast_f32_f16 {
  for i in 0..tiles {
    MTE2 copy_gm_to_ubuf x_ub[i] <- x_gm[i*TILE +: TILE];
    set_flag(MTE2, V, i % 4);
  }
  for i in 0..tiles {
    wait_flag(MTE2, V, i % 4);
    V vconv y_ub[i] <- x_ub[i];
  }
  set_flag(V, MTE3, 0);
  wait_flag(V, MTE3, 0);
  MTE3 copy_ubuf_to_gm y_gm <- y_ub[0 +: tiles * TILE / 2];
}
