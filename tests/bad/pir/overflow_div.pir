// INT64_MIN / -1, the one quotient that does not fit
// bad: 8:28 input-error exit=2 integer overflow in 'm / -1'
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  let m = -9223372036854775807 - 1;
  MTE2 copy a[0] <- x[0 +: m / -1];
}
