// Cast with the whole input resident in UB written for A2, bug for this model: every tile load
// signals its own event id i, and up to 6 tiles come from the tiling data. On the 910 (ids 0-3)
// tiles 4 and 5 use ids that do not exist; on ascend910b2 (ids 0-7) the same kernel is clean.
// bug-class: event-id-range
// expect: bad-event-id@19 bad-event-id@22 raw-hazard@23
// expect(--model ascend910b2): clean
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
