// Litmus (M's intra-ordered-from): the earlier mmad writes 4 KiB of L0C, below the threshold: the
// accumulating mmad may overtake it (RAW and WAW inside M) unless pipe_barrier(M) sits between.
// rule: cube-size missing
// expect: raw-hazard@12 waw-hazard@12
model "ascend910b2";
buffer a : L0A[4096];
buffer b : L0B[4096];
buffer c : L0C[4096];
kernel k {
  core aic : AIC {
    M mmad c <- a, b;
    M mmad c <- a, b, c;
  }
}
