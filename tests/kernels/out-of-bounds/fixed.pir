// out-of-bounds, fixed: the tail tile copies only the 512 bytes that exist.
// expect: clean
model "ascend910b2";
buffer x_gm : GM[1536];
buffer x_ub : UB[2][1024];
kernel k {
  MTE2 copy x_ub[0] <- x_gm[0 +: 1024];
  MTE2 copy x_ub[1][0 +: 512] <- x_gm[1024 +: 512];
}
