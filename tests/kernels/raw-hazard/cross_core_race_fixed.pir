// raw-hazard between cores, fixed: the AIV writes first and signals the AIC (mode 2, flag 4).
// expect: clean
model "ascend910b2";
buffer g : GM[64];
buffer l1 : L1[64];
buffer u : UB[64];
kernel k {
  core aic : AIC {
    cross_core_wait_flag(MTE2, 2, 4);
    MTE2 copy_gm_to_cbuf l1 <- g;
  }
  core aiv : AIV {
    MTE3 copy g <- u;
    cross_core_set_flag(MTE3, 2, 4);
  }
}
