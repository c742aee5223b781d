// Litmus (rules 3, 5, 6): the MTE1 -> M wait holds M's queue, so the mmad starts after the loads
// into L0A and L0B that the set covers.
// rule: queue holds
// expect: clean
model "ascend910";
buffer a1 : L1[512];
buffer b1 : L1[512];
buffer a : L0A[512];
buffer b : L0B[512];
buffer c : L0C[1024];
kernel k {
  MTE1 load_cbuf_to_ca a <- a1;
  MTE1 load_cbuf_to_cb b <- b1;
  set_flag(MTE1, M, 0);
  wait_flag(MTE1, M, 0);
  M mmad c <- a, b;
}
