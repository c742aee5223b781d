// input-error, fixed: the divisor is a non-zero constant.
// expect: clean
model "ascend910b2";
const PARTS = 64;
buffer x_gm : GM[1024];
buffer x_ub : UB[1024];
kernel k {
  MTE2 copy x_ub <- x_gm[1024 / PARTS +: 16];
}
