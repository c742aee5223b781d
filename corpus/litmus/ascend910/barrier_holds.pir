// Litmus (rule 7, barrier): pipe_barrier(M) between two mmads accumulating into one L0C.
// rule: barrier holds
// expect: clean
model "ascend910";
buffer a : L0A[512];
buffer b : L0B[512];
buffer c : L0C[1024];
kernel k {
  M mmad c <- a, b;
  pipe_barrier(M);
  M mmad c <- a, b, c;
}
