// bad-channel on the AIC: MTE1 -> MTE1 is not an event channel of the cube core
// (its table lists every pair of distinct units only; V -> V exists on the AIV alone).
// expect: bad-channel@9 bad-channel@10
model "ascend910b2";
buffer a_l1 : L1[1024];
buffer a_l0 : L0A[1024];
kernel k {
  core aic : AIC {
    set_flag(MTE1, MTE1, 0);
    wait_flag(MTE1, MTE1, 0);
    MTE1 load_cbuf_to_ca a_l0 <- a_l1;
  }
}
