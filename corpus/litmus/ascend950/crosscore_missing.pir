// Litmus (cross-core flags, mode 2): without the AIVs' wait their reads race with the AIC's
// writes, and the AIC's count is never taken.
// rule: cross-core missing
// expect: raw-hazard@16 raw-hazard@16 unmatched-signal@13
model "ascend950";
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
    MTE2 copy v_ub <- c_gm[coreid];
  }
}
