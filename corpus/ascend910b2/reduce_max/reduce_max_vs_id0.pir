// ReduceMax with a scalar epilogue, bug: the scalar side waits with the hard-coded EVENT_ID0 of
// the single-buffered version, wait_flag(V, S, 0), while V sets id s: for an odd block the wait
// takes no set of its own (the next id-0 set is issued after it, behind the blocked scalar unit:
// deadlock) and the id-1 set is never consumed.
// bug-class: wrong-event-parity
// expect: deadlock@29 unmatched-signal@28
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
    wait_flag(V, S, 0);                     // EVENT_ID0 hard-coded
    S get_value <- red_ub[s][0 +: 4];       // float m = red.GetValue(0)
    if (i >= 2) { wait_flag(MTE3, S, s); }  // the store of block i-2 has read out_ub[s]
    S set_value out_ub[s][0 +: 4];          // out.SetValue(0, min(m, clip))
    set_flag(S, MTE3, s);
    wait_flag(S, MTE3, s);
    MTE3 copy_ubuf_to_gm max_gm[i*32 +: 32] <- out_ub[s];
    if (i + 2 < blocks) { set_flag(MTE3, S, s); }
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
}
