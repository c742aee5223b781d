// unmatched-signal, fixed: the release is consumed before the kernel ends.
// expect: clean
model "ascend910b2";
buffer x_gm : GM[1024];
buffer x_ub : UB[1024];
buffer y_ub : UB[1024];
kernel k {
  MTE2 copy x_ub <- x_gm;
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vabs y_ub <- x_ub;
  set_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 0);
}
