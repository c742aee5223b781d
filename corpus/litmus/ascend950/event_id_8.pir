// Litmus (event ids 0-7 on the 950): id 8 is outside the range: both primitives are rejected and
// the hand-off they meant is left unordered.
// rule: event-id broken
// expect: bad-event-id@11 bad-event-id@12 raw-hazard@13
model "ascend950";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 8);
  wait_flag(MTE2, V, 8);
  V vf b <- a;
}
