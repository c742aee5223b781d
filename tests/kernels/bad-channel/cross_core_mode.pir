// bad-channel for a cross-core flag: mode 3 is not a mode of ascend910b2 (modes 0, 1, 2).
// expect: bad-channel@9 bad-channel@12
model "ascend910b2";
buffer c_gm : GM[512];
buffer c_l0 : L0C[512];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm <- c_l0;
    cross_core_set_flag(FIX, 3, 1);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 3, 1);
  }
}
