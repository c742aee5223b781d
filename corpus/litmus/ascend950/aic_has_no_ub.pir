// Litmus (cube core without UB): the AIC's scalar unit cannot touch UB on the 950 model.
// rule: cube-space broken
// expect: bad-unit@8
model "ascend950";
buffer a : UB[64];
kernel k {
  core aic : AIC {
    S set_value a[0 +: 4];
  }
}
