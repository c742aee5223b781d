// a region of -4 bytes ends before it starts
// bad: 7:13 out-of-bounds exit=1 region [8, 4) of buffer 'a' ends before it starts
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  MTE2 copy a[0][8 +: -4] <- x[0 +: 4];
}
