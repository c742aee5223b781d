// bad-channel for a cross-core flag, fixed: mode 2 (AIC <-> AIVs of one AI core).
// expect: clean
model "ascend910b2";
buffer c_gm : GM[512];
buffer c_l0 : L0C[512];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm <- c_l0;
    cross_core_set_flag(FIX, 2, 1);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 2, 1);
  }
}
