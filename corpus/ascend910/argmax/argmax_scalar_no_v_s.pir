// ArgMax over tiles on the 910, bug: the V->S hand-off of each tile was dropped, so S may read
// red[s] before vmax has written it; and with no wait on S between them, the vmax of tile i+2 may
// overwrite red[s] while the scalar read of tile i is still in flight (WAR: the issuer's own
// accesses do not hold issue).
// bug-class: scalar-no-sync
// expect: raw-hazard@28 raw-hazard@30 war-hazard@26
// expect(--model ascend910b2): raw-hazard@28 raw-hazard@30 war-hazard@26
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
    S get_value <- red[s][0 +: 8];            // (max, index) of this tile
  }
  S set_value idx_gm <- red[(tiles - 1) % 2][0 +: 8];
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
}
