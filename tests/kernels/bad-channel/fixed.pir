// bad-channel, fixed: V->S is an event channel of the AIV.
// expect: clean
model "ascend910b2";
buffer u : UB[64];
kernel k {
  V vdup u;
  set_flag(V, S, 0);
  wait_flag(V, S, 0);
  S get_value <- u[0 +: 4];
}
