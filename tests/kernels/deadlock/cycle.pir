// deadlock by a cycle: MTE2 waits for V's flag before setting its own, and V waits for MTE2's flag
// before setting its own; every wait has a matching set, yet neither can ever fire.
// expect: deadlock@10
model "ascend910b2";
buffer x_gm : GM[1024];
buffer x_ub : UB[1024];
buffer y_ub : UB[1024];
kernel k {
  MTE2 copy x_ub <- x_gm;
  wait_flag(V, MTE2, 0);
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vabs y_ub <- x_ub;
  set_flag(V, MTE2, 0);
}
