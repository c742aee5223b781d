// unmatched-signal across cores: each AIV counts one on flag 5 for the AIC, which never takes it.
// expect: unmatched-signal@11
model "ascend910b2";
buffer c_gm : GM[512];
buffer c_ub : UB[256];
kernel k {
  core aic : AIC {
  }
  core aiv[2] : AIV {
    MTE3 copy c_gm[coreid*256 +: 256] <- c_ub;
    cross_core_set_flag(MTE3, 2, 5);
  }
}
