// Litmus (V to S hand-off): the V_S pair holds the scalar unit until the vector function ended.
// rule: vector-scalar holds
// expect: clean
model "ascend950";
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  V vf b <- a;
  set_flag(V, S, 0);
  wait_flag(V, S, 0);
  S get_value <- b[0 +: 4];
}
