// 40 iterations with two if (?) each: 4^40 paths, far past --max-paths 4096. On a kernel of
// one core, pipe_barrier(ALL) orders everything before it before everything after it, so
// runs that reach it in the same state (same iteration, no flag left set) check the same
// rest: each is run once, and the races inside an iteration (the copy may still be writing
// `a` when vadds reads and writes it: no MTE2 -> V flag) are found in under 200 runs.
// expect: raw-hazard@14 waw-hazard@14
model "ascend910b2";
param n = 40;
buffer a : UB[256];
buffer g : GM[40 * 256];
kernel k {
  for i in 0..n {
    if (?) { MTE2 copy a <- g[i * 256 +: 256]; }
    if (?) { V vadds a <- a; }
    pipe_barrier(ALL);
  }
}
