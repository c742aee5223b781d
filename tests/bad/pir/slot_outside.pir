// slot 2 of a buffer with 2 slots
// bad: 7:14 out-of-bounds exit=1 slot 2 of buffer 'a' is out of bounds (dimension 0 has 2 slots)
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  MTE2 copy a[2] <- x[0 +: 256];
}
