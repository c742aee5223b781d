// war-hazard, fixed: V releases x_ub with a V->MTE2 flag pair before the refill.
// expect: clean
model "ascend910b2";
buffer x_gm : GM[2048];
buffer x_ub : UB[1024];
buffer y_ub : UB[1024];
kernel k {
  MTE2 copy x_ub <- x_gm[0 +: 1024];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vabs y_ub <- x_ub;
  set_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 0);
  MTE2 copy x_ub <- x_gm[1024 +: 1024];
}
