// bad-event-id, fixed: event id 7 is the last valid id of an A2 channel.
// expect: clean
model "ascend910b2";
buffer x_gm : GM[1024];
buffer x_ub : UB[1024];
kernel k {
  MTE2 copy x_ub <- x_gm;
  set_flag(MTE2, V, 7);
  wait_flag(MTE2, V, 7);
}
