// Litmus (V to MTE3 hand-off): the V_MTE3 pair orders the copy out after the vector function.
// rule: vector-out holds
// expect: clean
model "ascend950";
buffer a : UB[256];
buffer b : UB[256];
buffer y_gm : GM[256];
kernel k {
  V vf b <- a;
  set_flag(V, MTE3, 0);
  wait_flag(V, MTE3, 0);
  MTE3 copy y_gm <- b;
}
