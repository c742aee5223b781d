// Litmus (M's intra-ordered-from, the same 10-fractal threshold in the 3510 matmul): the earlier
// mmad writes 4 KiB of L0C: the accumulating mmad may overtake it without pipe_barrier(M).
// rule: cube-size missing
// expect: raw-hazard@12 waw-hazard@12
model "ascend950";
buffer a : L0A[4096];
buffer b : L0B[4096];
buffer c : L0C[4096];
kernel k {
  core aic : AIC {
    M mmad c <- a, b;
    M mmad c <- a, b, c;
  }
}
