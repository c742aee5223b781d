// Litmus (rule 5, signal): set_flag(M, V) fires once both mmads have ended, so the vector drain of
// L0C waits for the whole accumulation.
// rule: signal holds
// expect: clean
model "ascend910";
buffer a : L0A[512];
buffer b : L0B[512];
buffer c : L0C[1024];
buffer u : UB[1024];
kernel k {
  M mmad c <- a, b;
  pipe_barrier(M);
  M mmad c <- a, b, c;
  set_flag(M, V, 0);
  wait_flag(M, V, 0);
  V copy_matrix_cc_to_ubuf u <- c;
}
