// deadlock across cores by a cycle, fixed: the AIC sets flag 0 first, then waits for flag 1.
// expect: clean
model "ascend910b2";
kernel k {
  core aic : AIC {
    cross_core_set_flag(FIX, 2, 0);
    cross_core_wait_flag(FIX, 2, 1);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 2, 0);
    cross_core_set_flag(MTE3, 2, 1);
  }
}
