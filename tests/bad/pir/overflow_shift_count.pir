// a shift by 64
// bad: 7:28 input-error exit=2 shift count 64 is out of range 0..63 in '1 << 64'
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  MTE2 copy a[0] <- x[0 +: 1 << 64];
}
