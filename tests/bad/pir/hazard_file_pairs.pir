// an unsynchronized loop checked for several parameter values: each run stays within
// --max-pairs, the runs together pass --max-file-pairs
// bad: 9:8 limit-exceeded exit=2 the file's hazard searches compared more than 3000 pairs of accesses in all (every kernel, parameter value and path); raise the limit with --max-file-pairs
// args: --max-pairs 2000 --max-file-pairs 3000
model "ascend910b2";
param n in 1..4;
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  for i in 0..30 {
    MTE2 copy a[0] <- x[0 +: 256];
    V vadds a[1] <- a[0];
  }
}
