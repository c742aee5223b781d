// input-error, fixed: the second buffer has its own name.
// expect: clean
model "ascend910b2";
buffer x_gm : GM[256];
buffer x_ub : UB[256];
buffer y_ub : UB[512];
kernel k {
  MTE2 copy x_ub <- x_gm;
}
