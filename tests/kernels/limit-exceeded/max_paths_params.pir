// limit-exceeded: a parameter range of 20 values is 20 paths, past --max-paths 10 (every value of
// a ranged param is checked, so the range counts against the path cap).
// args: --max-paths 10
// expect: limit-exceeded@8
model "ascend910b2";
param n in 1..20;
buffer u : UB[256];
kernel k {
  for i in 0..n {
    V vdup u;
    pipe_barrier(V);
  }
}
