// Bias add with manual UB placement, bug: acc is released from the vector pipe (V->MTE2 after the
// last vadd) instead of from MTE3 after the store, so the next load and the next vadds may overwrite
// acc while MTE3 is still storing it. (V cannot set its V->MTE3 flag twice before MTE3 takes it:
// MTE3 waits for nothing else, so its prompt wait is reached in time, semantics.md §5.)
// bug-class: wrong-flag-unit
// expect: war-hazard@22 war-hazard@27
model "ascend910b2";
param tiles in 1..4;
const TILE = 4096;
const ROW = 1024;

buffer x_gm    : GM[tiles * TILE];
buffer bias_gm : GM[ROW];
buffer y_gm    : GM[tiles * TILE];
buffer acc     : UB[TILE] @ 0x0;
buffer bias_ub : UB[ROW] @ 0x1000;     // right after acc: no overlap

kernel bias_add {
  set_flag(V, MTE2, 0);
  for i in 0..tiles {
    wait_flag(V, MTE2, 0);
    MTE2 copy_gm_to_ubuf acc <- x_gm[i*TILE +: TILE];
    MTE2 copy_gm_to_ubuf bias_ub <- bias_gm;
    set_flag(MTE2, V, 0);
    wait_flag(MTE2, V, 0);
    for j in 0..TILE / ROW {
      V vadd acc[j*ROW +: ROW] <- acc[j*ROW +: ROW], bias_ub;
    }
    set_flag(V, MTE2, 0);                     // wrong unit: acc is still read by MTE3
    set_flag(V, MTE3, 0);
    wait_flag(V, MTE3, 0);
    MTE3 copy_ubuf_to_gm y_gm[i*TILE +: TILE] <- acc;
  }
  wait_flag(V, MTE2, 0);
}
