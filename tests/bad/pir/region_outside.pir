// a byte range reaching past the end of its buffer
// bad: 7:21 out-of-bounds exit=1 region [1000, 1256) is outside buffer 'x' (1024 bytes)
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  MTE2 copy a[0] <- x[1000 +: 256];
}
