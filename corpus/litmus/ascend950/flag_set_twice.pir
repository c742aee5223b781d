// Litmus (binary events): setting one event id twice before its wait is undefined behaviour on
// the 950 as on A2 (SetFlag reference: consecutive SetFlag on the same pipes and id).
// rule: event-overrun broken
// expect: flag-overrun@12
model "ascend950";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 0);
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vf b <- a;
  wait_flag(MTE2, V, 0);
}
