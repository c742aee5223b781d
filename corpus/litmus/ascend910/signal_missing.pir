// Litmus (rule 5, signal): the set is placed between the two mmads, so it covers only the first,
// and it does not hold M: the second mmad may overtake the first (RAW and WAW inside M, 1 KiB of
// L0C is below the cube's 10-fractal threshold), and the vector drain may read L0C while the
// second mmad is still accumulating.
// rule: signal missing
// expect: raw-hazard@15 raw-hazard@17 waw-hazard@15
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
