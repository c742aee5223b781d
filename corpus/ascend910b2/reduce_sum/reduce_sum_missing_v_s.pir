// ReduceSum, bug: the scalar unit reads the vcadd result without waiting for the V->S flag
// (GetValue right after the vector reduction), so it may read a stale partial sum; and the vcadd
// of tile i+2 may overwrite red_ub[s] while tile i's scalar reads are still in flight (WAR).
// bug-class: scalar-no-sync
// expect: raw-hazard@26 raw-hazard@27 war-hazard@24 war-hazard@24
model "ascend910b2";
param tiles in 1..5;
const TILE = 8192;

buffer x_gm   : GM[tiles * TILE];
buffer sum_gm : GM[tiles * 4];
buffer x_ub   : UB[2][TILE];
buffer red_ub : UB[2][32];

kernel reduce_sum {
  set_flag(V, MTE2, 0);
  set_flag(V, MTE2, 1);
  for i in 0..tiles {
    let s = i % 2;
    wait_flag(V, MTE2, s);
    MTE2 copy_gm_to_ubuf x_ub[s] <- x_gm[i*TILE +: TILE];
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    V vcadd red_ub[s] <- x_ub[s];
    set_flag(V, MTE2, s);             // x_ub[s] may be refilled
    S get_value <- red_ub[s][0 +: 4];
    S set_value sum_gm[i*4 +: 4] <- red_ub[s][0 +: 4];
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
}
