// deadlock: a wait that is never signalled (the MTE2->V set was forgotten).
// expect: deadlock@9
model "ascend910b2";
buffer x_gm : GM[1024];
buffer x_ub : UB[1024];
buffer y_ub : UB[1024];
kernel k {
  MTE2 copy x_ub <- x_gm;
  wait_flag(MTE2, V, 0);
  V vabs y_ub <- x_ub;
}
