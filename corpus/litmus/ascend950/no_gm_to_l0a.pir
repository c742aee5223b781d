// Litmus (paths removed on arch 3510): GM -> L0A is gone; a load must go through L1. The same
// kernel is fine on A2.
// rule: data-path broken
// expect: bad-unit@11
// expect(--model ascend910b2): clean
model "ascend950";
buffer a_gm : GM[4096];
buffer a : L0A[4096];
kernel k {
  core aic : AIC {
    MTE2 copy a <- a_gm;
  }
}
