// bad-event-id: event id 8 is past the ids 0-7 of an A2 channel.
// expect: bad-event-id@8 bad-event-id@9
model "ascend910b2";
buffer x_gm : GM[1024];
buffer x_ub : UB[1024];
kernel k {
  MTE2 copy x_ub <- x_gm;
  set_flag(MTE2, V, 8);
  wait_flag(MTE2, V, 8);
}
