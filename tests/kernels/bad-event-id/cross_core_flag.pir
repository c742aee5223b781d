// bad-event-id for a cross-core flag: flag 16 is past flags 0-10.
// expect: bad-event-id@9 bad-event-id@12
model "ascend910b2";
buffer c_gm : GM[512];
buffer c_l0 : L0C[512];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm <- c_l0;
    cross_core_set_flag(FIX, 2, 16);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 2, 16);
  }
}
