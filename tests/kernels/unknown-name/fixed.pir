// unknown-name, fixed: a declared buffer, a declared primitive, and an op outside the op table
// written with its unit (any op name is accepted with an explicit unit).
// expect: clean
model "ascend910b2";
buffer x_gm : GM[256];
buffer x_ub : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy x_ub <- x_gm;
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vsigmoid b <- x_ub;
}
