// the widest loop there is: its trip count must not wrap to 0
// bad: 7:3 limit-exceeded exit=2 loop 'for i' runs 9223372036854775808 times, more than 1000000; raise the limit with --max-trip-count
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  for i in -9223372036854775807 - 1..9223372036854775807 step 2 {
    V vadds a[0] <- a[1];
  }
}
