// add_custom ported from A2 to the first-generation 910, bug for this model: the z_ub hand-off
// keeps the A2 event ids 4 + s (4 and 5); the 910 has only ids 0-3 per channel, so the set and
// the wait are rejected and MTE3 is left unsynchronized. On ascend910b2 (ids 0-7) it is clean.
// bug-class: event-id-range
// expect: bad-event-id@33 bad-event-id@34 raw-hazard@35 flag-overrun@36 flag-overrun@36 flag-overrun@36
// expect(--model ascend910b2): clean
model "ascend910";
param tiles in 1..6;
const TILE = 2048;

buffer x_gm : GM[tiles * TILE];
buffer y_gm : GM[tiles * TILE];
buffer z_gm : GM[tiles * TILE];
buffer x_ub : UB[2][TILE];
buffer y_ub : UB[2][TILE];
buffer z_ub : UB[2][TILE];

kernel add_custom {
  set_flag(V, MTE2, 0);
  set_flag(V, MTE2, 1);
  set_flag(MTE3, V, 0);
  set_flag(MTE3, V, 1);
  for i in 0..tiles {
    let s = i % 2;
    wait_flag(V, MTE2, s);
    MTE2 copy_gm_to_ubuf x_ub[s] <- x_gm[i*TILE +: TILE];
    MTE2 copy_gm_to_ubuf y_ub[s] <- y_gm[i*TILE +: TILE];
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    wait_flag(MTE3, V, s);
    V vadd z_ub[s] <- x_ub[s], y_ub[s];
    set_flag(V, MTE2, s);
    set_flag(V, MTE3, 4 + s);
    wait_flag(V, MTE3, 4 + s);
    MTE3 copy_ubuf_to_gm z_gm[i*TILE +: TILE] <- z_ub[s];
    set_flag(MTE3, V, s);
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
  wait_flag(MTE3, V, 0);
  wait_flag(MTE3, V, 1);
}
