// Litmus (MTE2 to V hand-off): the MTE2_V pair orders the vector function after the copy in.
// rule: vector-in holds
// expect: clean
model "ascend950";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vf b <- a;
}
