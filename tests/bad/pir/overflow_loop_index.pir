// a loop variable pushed past INT64_MAX by arithmetic
// bad: 8:25 input-error exit=2 integer overflow in 'i + 2'
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  for i in 9223372036854775806..9223372036854775807 {
    MTE2 copy a[0] <- x[i + 2 +: 1];
  }
}
