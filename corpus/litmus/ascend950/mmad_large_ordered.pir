// Litmus (M's intra-ordered-from): an mmad that writes 16 KiB of L0C (above 10 fractals) orders
// the next one by itself.
// rule: cube-size holds
// expect: clean
model "ascend950";
buffer a : L0A[16384];
buffer b : L0B[16384];
buffer c : L0C[16384];
kernel k {
  core aic : AIC {
    M mmad c <- a, b;
    M mmad c <- a, b, c;
  }
}
