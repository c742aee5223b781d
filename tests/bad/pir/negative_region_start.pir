// a byte range starting before byte 0
// bad: 7:13 out-of-bounds exit=1 region [-8, 8) is outside buffer 'a' (selection of 256 bytes)
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  MTE2 copy a[0][-8 +: 16] <- x[0 +: 16];
}
