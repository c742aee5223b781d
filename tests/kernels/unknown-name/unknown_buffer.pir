// unknown-name: the copy reads x_gmm, a misspelling of x_gm.
// expect: unknown-name@7
model "ascend910b2";
buffer x_gm : GM[256];
buffer x_ub : UB[256];
kernel k {
  MTE2 copy x_ub <- x_gmm;
}
