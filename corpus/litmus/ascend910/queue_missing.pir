// Litmus (rule 3, queue): the wait holds M's queue only; the vector pipe draining L0C is not held,
// so it may read L0C before the mmad has written it.
// rule: queue missing
// expect: raw-hazard@18
model "ascend910";
buffer a1 : L1[512];
buffer a : L0A[512];
buffer b : L0B[512];
buffer c : L0C[1024];
buffer u : UB[1024];
kernel k {
  MTE1 load_cbuf_to_ca a <- a1;
  set_flag(MTE1, M, 0);
  wait_flag(MTE1, M, 0);
  M mmad c <- a, b;
  set_flag(MTE1, V, 0);
  wait_flag(MTE1, V, 0);
  V copy_matrix_cc_to_ubuf u <- c;
}
