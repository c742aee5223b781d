// bad-channel: S->S is not an event channel on the AIV (the scalar unit is synchronous).
// expect: bad-channel@6 bad-channel@7
model "ascend910b2";
buffer u : UB[64];
kernel k {
  set_flag(S, S, 0);
  wait_flag(S, S, 0);
  S get_value <- u[0 +: 4];
}
