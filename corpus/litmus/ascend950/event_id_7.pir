// Litmus (event ids 0-7 on the 950): id 7 is the last one a kernel may name.
// rule: event-id holds
// expect: clean
model "ascend950";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 7);
  wait_flag(MTE2, V, 7);
  V vf b <- a;
}
