// a left shift that loses bits
// bad: 7:28 input-error exit=2 integer overflow in '3 << 62'
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  MTE2 copy a[0] <- x[0 +: 3 << 62];
}
