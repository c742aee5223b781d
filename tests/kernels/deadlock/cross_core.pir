// deadlock across cores: the AIVs wait for cross-core flag 3, which the AIC never sets.
// expect: deadlock@12
model "ascend910b2";
buffer c_gm : GM[512];
buffer c_l0 : L0C[512];
buffer c_ub : UB[256];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm <- c_l0;
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 2, 3);
    MTE2 copy c_ub <- c_gm[coreid*256 +: 256];
  }
}
