// unmatched-signal across cores, fixed: the AIC waits once on flag 5, taking one count from each AIV.
// expect: clean
model "ascend910b2";
buffer c_gm : GM[512];
buffer c_ub : UB[256];
kernel k {
  core aic : AIC {
    cross_core_wait_flag(FIX, 2, 5);
  }
  core aiv[2] : AIV {
    MTE3 copy c_gm[coreid*256 +: 256] <- c_ub;
    cross_core_set_flag(MTE3, 2, 5);
  }
}
