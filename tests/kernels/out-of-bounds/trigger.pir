// out-of-bounds: the second tile's copy reads bytes [1024, 2048) of a 1536-byte GM buffer.
// expect: out-of-bounds@8
model "ascend910b2";
buffer x_gm : GM[1536];
buffer x_ub : UB[2][1024];
kernel k {
  MTE2 copy x_ub[0] <- x_gm[0 +: 1024];
  MTE2 copy x_ub[1] <- x_gm[1024 +: 1024];
}
