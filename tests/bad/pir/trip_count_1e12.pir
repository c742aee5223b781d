// a loop of 10^12 iterations is refused from its bounds at once
// bad: 7:3 limit-exceeded exit=2 loop 'for i' runs 1000000000000 times, more than 1000000; raise the limit with --max-trip-count
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  for i in 0..1000000000000 {
    V vadds a[0] <- a[1];
  }
}
