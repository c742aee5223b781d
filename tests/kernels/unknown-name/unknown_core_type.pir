// unknown-name: the first-generation ascend910 has one core type (AICORE), no AIC.
// expect: unknown-name@6
model "ascend910";
buffer u : UB[256];
kernel k {
  core aic : AIC {
    V vdup u;
  }
}
