// out-of-bounds: slot index 2 of a 2-slot buffer, reached at i = 2 only when tiles = 3.
// expect: out-of-bounds@10
model "ascend910b2";
param tiles in 1..3;
buffer x_gm : GM[3 * 256];
buffer x_ub : UB[2][256];
kernel k {
  for i in 0..tiles {
    pipe_barrier(MTE2);
    MTE2 copy x_ub[i] <- x_gm[i*256 +: 256];
  }
}
