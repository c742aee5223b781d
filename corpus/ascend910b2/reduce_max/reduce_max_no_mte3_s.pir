// ReduceMax with a scalar epilogue, bug: the MTE3->S release of the output slot is missing, so
// SetValue of block i overwrites out_ub[s] while the MTE3 store of block i-2 may still be reading
// it. (S cannot set its S->MTE3 flag twice before MTE3 takes it: MTE3 waits for nothing else, so
// its prompt wait is reached in time, semantics.md §5.)
// bug-class: scalar-no-sync
// expect: war-hazard@31
model "ascend910b2";
param blocks in 1..6;             // row blocks per core from the tiling data
const TILE = 8192;

buffer x_gm   : GM[blocks * TILE];
buffer max_gm : GM[blocks * 32];
buffer x_ub   : UB[2][TILE];
buffer red_ub : UB[2][32];
buffer out_ub : UB[2][32];

kernel reduce_max {
  set_flag(V, MTE2, 0);
  set_flag(V, MTE2, 1);
  for i in 0..blocks {
    let s = i % 2;
    wait_flag(V, MTE2, s);
    MTE2 copy_gm_to_ubuf x_ub[s] <- x_gm[i*TILE +: TILE];
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    V vmax red_ub[s] <- x_ub[s];
    set_flag(V, MTE2, s);                   // x_ub[s] may be refilled
    set_flag(V, S, s);                      // the block maximum is ready
    wait_flag(V, S, s);
    S get_value <- red_ub[s][0 +: 4];       // float m = red.GetValue(0)
    S set_value out_ub[s][0 +: 4];          // out.SetValue(0, min(m, clip))
    set_flag(S, MTE3, s);
    wait_flag(S, MTE3, s);
    MTE3 copy_ubuf_to_gm max_gm[i*32 +: 32] <- out_ub[s];
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
}
