// a param range of 2^63 values
// bad: 7:8 limit-exceeded exit=2 kernel 'k' has more than 4096 parameter assignments to check; raise the limit with --max-paths or fix values with -D
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
param n in 0..9223372036854775807;
kernel k { }
