// bad-channel on the AIC, fixed: MTE2 -> MTE1 is a channel of the cube core.
// expect: clean
model "ascend910b2";
buffer a_gm : GM[1024];
buffer a_l1 : L1[1024];
buffer a_l0 : L0A[1024];
kernel k {
  core aic : AIC {
    MTE2 copy_gm_to_cbuf a_l1 <- a_gm;
    set_flag(MTE2, MTE1, 0);
    wait_flag(MTE2, MTE1, 0);
    MTE1 load_cbuf_to_ca a_l0 <- a_l1;
  }
}
