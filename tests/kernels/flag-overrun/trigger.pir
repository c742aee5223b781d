// flag-overrun: MTE2 sets event 0 for the second tile before V has waited for the first set.
// expect: flag-overrun@11
model "ascend910b2";
buffer x_gm : GM[2048];
buffer x_ub : UB[2][1024];
buffer y_ub : UB[2][1024];
kernel k {
  MTE2 copy x_ub[0] <- x_gm[0 +: 1024];
  set_flag(MTE2, V, 0);
  MTE2 copy x_ub[1] <- x_gm[1024 +: 1024];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vabs y_ub[0] <- x_ub[0];
  wait_flag(MTE2, V, 0);
  V vabs y_ub[1] <- x_ub[1];
}
