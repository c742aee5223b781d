// Litmus (cross-core mode 4, not modelled): the 950's AIC-to-one-AIV mode (AIV1's flags at 16-26
// on the AIC) is not declared: a kernel that uses it is reported, never passed silently.
// rule: cross-core-mode4 unsupported
// expect: bad-channel@13 bad-channel@16 raw-hazard@17 raw-hazard@17
model "ascend950";
buffer c_gm : GM[2][1024];
buffer l0c : L0C[1024];
buffer v_ub : UB[1024];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm[0] <- l0c;
    FIX fixpipe c_gm[1] <- l0c;
    cross_core_set_flag(FIX, 4, 0);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(S, 4, 0);
    MTE2 copy v_ub <- c_gm[coreid];
  }
}
