// unmatched-signal (warning): the V->MTE2 release is set but never waited for, so the event is
// still set when the kernel ends and leaks into the next kernel.
// expect: unmatched-signal@13
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
}
