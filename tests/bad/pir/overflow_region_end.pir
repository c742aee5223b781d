// region arithmetic: start + length past INT64_MAX
// bad: 7:22 input-error exit=2 region end 9223372036854775807 + 1 overflows 64 bits
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  MTE2 copy a[0] <- x[9223372036854775807 +: 1];
}
