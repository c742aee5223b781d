// Litmus (rule 5, signal): the set is placed between the two mmads, so it covers only the first:
// the vector drain may read L0C while the second mmad is still accumulating.
// rule: signal missing
// expect: raw-hazard@15
model "ascend910";
buffer a : L0A[512];
buffer b : L0B[512];
buffer c : L0C[1024];
buffer u : UB[1024];
kernel k {
  M mmad c <- a, b;
  set_flag(M, V, 0);
  M mmad c <- a, b, c;
  wait_flag(M, V, 0);
  V copy_matrix_cc_to_ubuf u <- c;
}
