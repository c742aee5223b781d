// flag-overrun of a counting cross-core flag: the AIC sets flag 0 sixteen times before the AIVs
// must have taken any, but an A2 counter holds at most 15 (hwmodels.md: going past the capacity
// is an error). Expected at the set; see cross_core_capacity_fixed.pir for 15 sets.
// expect: flag-overrun@9
model "ascend910b2";
param n = 16;
kernel k {
  core aic : AIC {
    for i in 0..n { cross_core_set_flag(FIX, 2, 0); }
  }
  core aiv[2] : AIV {
    for i in 0..n { cross_core_wait_flag(MTE2, 2, 0); }
  }
}
