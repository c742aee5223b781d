// a slot index on the byte dimension
// bad: 7:17 input-error exit=2 buffer 'a' has 2 dimensions: select bytes with [a:b] or [a +: n]
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  MTE2 copy a[0][1] <- x[0 +: 1];
}
