// syntax-error: '$' is not a character of PIR.
// expect: syntax-error@8
model "ascend910b2";
buffer x_gm : GM[256];
buffer x_ub : UB[256];
kernel k {
  MTE2 copy x_ub <- x_gm;
  set_flag(MTE2, V, 0); $
  wait_flag(MTE2, V, 0);
}
