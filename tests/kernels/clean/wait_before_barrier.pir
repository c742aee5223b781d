// flag-overrun/wait_behind_barrier.pir with the vector barrier after the first wait: that wait
// is at V's head from the start, so it takes the first set as soon as it fires (waits are
// prompt, semantics.md §5), before MTE2 can set id 0 again. Clean.
// expect: clean
model "ascend910b2";
buffer x_gm : GM[2048];
buffer x_ub : UB[2][1024];
buffer y_ub : UB[2][1024];
kernel k {
  MTE2 copy x_ub[0] <- x_gm[0 +: 1024];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vabs y_ub[0] <- x_ub[0];
  pipe_barrier(V);
  MTE2 copy x_ub[1] <- x_gm[1024 +: 1024];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vabs y_ub[1] <- x_ub[1];
}
