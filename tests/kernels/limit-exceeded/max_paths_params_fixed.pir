// limit-exceeded, fixed: -D n=20 checks the one value instead of the whole range.
// args: --max-paths 10 -D n=20
// expect: clean
model "ascend910b2";
param n in 1..20;
buffer u : UB[256];
kernel k {
  for i in 0..n {
    V vdup u;
    pipe_barrier(V);
  }
}
