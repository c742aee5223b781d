// ArgMax on the 910, bug: the scalar side waits on event (i + 1) % 2 while V sets i % 2: the first
// wait blocks the scalar issuer before the set it needs has even been issued (deadlock), and the
// set of tile 0 is never consumed. Same verdict under ascend910b2.
// bug-class: wrong-event-parity
// expect: deadlock@28 unmatched-signal@27
// expect(--model ascend910b2): deadlock@28 unmatched-signal@27
model "ascend910";
param tiles in 1..5;
const TILE = 16384;

buffer x_gm   : GM[tiles * TILE];
buffer idx_gm : GM[8];
buffer x_ub   : UB[2][TILE];
buffer red    : UB[2][32];

kernel argmax {
  set_flag(V, MTE2, 0);
  set_flag(V, MTE2, 1);
  for i in 0..tiles {
    let s = i % 2;
    wait_flag(V, MTE2, s);
    MTE2 copy_gm_to_ubuf x_ub[s] <- x_gm[i*TILE +: TILE];
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    V vmax red[s] <- x_ub[s];
    set_flag(V, MTE2, s);
    set_flag(V, S, s);
    wait_flag(V, S, (i + 1) % 2);
    S get_value <- red[s][0 +: 8];            // (max, index) of this tile
  }
  S set_value idx_gm <- red[(tiles - 1) % 2][0 +: 8];
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
}
