// bad-unit: FIX exists on the AIC only; a single-core kernel runs on the default AIV.
// expect: bad-unit@7
model "ascend910b2";
buffer c_gm : GM[512];
buffer c_l0 : L0C[512];
kernel k {
  FIX fixpipe c_gm <- c_l0;
}
