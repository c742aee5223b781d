// deadlock across cores, fixed: the AIC sets cross-core flag 3 (mode 2) after the fixpipe.
// expect: clean
model "ascend910b2";
buffer c_gm : GM[512];
buffer c_l0 : L0C[512];
buffer c_ub : UB[256];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm <- c_l0;
    cross_core_set_flag(FIX, 2, 3);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 2, 3);
    MTE2 copy c_ub <- c_gm[coreid*256 +: 256];
  }
}
