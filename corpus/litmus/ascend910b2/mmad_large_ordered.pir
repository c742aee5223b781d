// Litmus (M's intra-ordered-from): the earlier mmad writes 16 KiB of L0C, at least the 10 fractals
// (10,240 bytes) from which the cube pipe orders the next Mmad by itself: the accumulation needs
// no pipe_barrier(M).
// rule: cube-size holds
// expect: clean
model "ascend910b2";
buffer a : L0A[4096];
buffer b : L0B[4096];
buffer c : L0C[16384];
kernel k {
  core aic : AIC {
    M mmad c <- a, b;
    M mmad c <- a, b, c;
  }
}
