// limit-exceeded, fixed: 4 iterations give 2^4 = 16 paths, exactly --max-paths 16.
// args: --max-paths 16
// expect: clean
model "ascend910b2";
param n = 4;
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  for i in 0..n {
    if (?) { V vexp b <- a; } else { V vln b <- a; }
    pipe_barrier(V);
  }
}
