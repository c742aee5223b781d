// Litmus (rule 9, cross-core modes): the AIC sets flag 3 in mode 2 but the AIVs wait in mode 1
// (between AIVs only), which no core sets: the waits never return and the AIC's count is left.
// rule: cross-core missing-mode
// expect: deadlock@16 unmatched-signal@13
model "ascend910b2";
buffer c_gm : GM[2][1024];
buffer l0c : L0C[1024];
buffer v_ub : UB[1024];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm[0] <- l0c;
    FIX fixpipe c_gm[1] <- l0c;
    cross_core_set_flag(FIX, 2, 3);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 1, 3);
    MTE2 copy v_ub <- c_gm[coreid];
  }
}
