// bad-event-id for a cross-core flag, fixed: flag 10 is the last valid cross-core flag.
// expect: clean
model "ascend910b2";
buffer c_gm : GM[512];
buffer c_l0 : L0C[512];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm <- c_l0;
    cross_core_set_flag(FIX, 2, 10);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 2, 10);
  }
}
