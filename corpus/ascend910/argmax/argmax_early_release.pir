// ArgMax on the 910 with the input slot released (set_flag(V, MTE2, s)) before the vmax that reads
// it. Looks like an early release, but is clean: the scalar unit's wait_flag(V, S, s) after vmax
// blocks the issuer, so the load of tile i+2 is not even issued before vmax of tile i has ended.
// bug-class: none
// expect: clean
// expect(--model ascend910b2): clean
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
    set_flag(V, MTE2, s);                     // early, but see above
    V vmax red[s] <- x_ub[s];
    set_flag(V, S, s);
    wait_flag(V, S, s);
    S get_value <- red[s][0 +: 8];            // (max, index) of this tile
  }
  S set_value idx_gm <- red[(tiles - 1) % 2][0 +: 8];
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
}
