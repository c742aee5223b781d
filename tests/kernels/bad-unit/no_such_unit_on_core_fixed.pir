// bad-unit, fixed: the fixpipe runs on an AIC core.
// expect: clean
model "ascend910b2";
buffer c_gm : GM[512];
buffer c_l0 : L0C[512];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm <- c_l0;
  }
}
