// Litmus (rule 4, start order): set_flag(M, V) starts after the first mmad ended, and the second
// mmad behind it on M starts after the set started: the accumulation is ordered without a barrier.
// rule: start-order holds
// expect: clean
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
}
