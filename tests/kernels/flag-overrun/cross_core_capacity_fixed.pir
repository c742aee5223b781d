// Counting cross-core flag within its capacity: 15 sets outstanding at most, which an A2 counter
// holds.
// expect: clean
model "ascend910b2";
param n = 15;
kernel k {
  core aic : AIC {
    for i in 0..n { cross_core_set_flag(FIX, 2, 0); }
  }
  core aiv[2] : AIV {
    for i in 0..n { cross_core_wait_flag(MTE2, 2, 0); }
  }
}
