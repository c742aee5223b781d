// an unsynchronized loop whose unordered pairs grow quadratically
// bad: 7:8 limit-exceeded exit=2 kernel 'k': the hazard search compared more than 10000 pairs of accesses; raise the limit with --max-pairs
// args: --max-pairs 10000
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  for i in 0..1000 {
    MTE2 copy a[0] <- x[0 +: 256];
    V vadds a[1] <- a[0];
  }
}
