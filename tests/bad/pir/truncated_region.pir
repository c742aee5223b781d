// a region cut in the middle of its length
// bad: 7:28 syntax-error exit=2 unexpected end of file
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  MTE2 copy a[0] <- x[0 +: 