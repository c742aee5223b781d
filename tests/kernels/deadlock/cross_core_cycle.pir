// deadlock across cores by a cycle: the AIC waits for the AIVs' flag 1 before setting flag 0, and
// each AIV waits for flag 0 before setting flag 1.
// expect: deadlock@7
model "ascend910b2";
kernel k {
  core aic : AIC {
    cross_core_wait_flag(FIX, 2, 1);
    cross_core_set_flag(FIX, 2, 0);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 2, 0);
    cross_core_set_flag(MTE3, 2, 1);
  }
}
