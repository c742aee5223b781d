// out-of-bounds, fixed: the slot index wraps with i % 2.
// expect: clean
model "ascend910b2";
param tiles in 1..3;
buffer x_gm : GM[3 * 256];
buffer x_ub : UB[2][256];
kernel k {
  for i in 0..tiles {
    pipe_barrier(MTE2);
    MTE2 copy x_ub[i % 2] <- x_gm[i*256 +: 256];
  }
}
