// limit-exceeded: an if (?) in a loop of 5 iterations gives 2^5 = 32 paths, past --max-paths 16;
// the kernel is reported as not verified, never as clean. (Its `then` side calls a barrier, so
// the choice is explored, not merged: docs/semantics.md §6.)
// args: --max-paths 16
// expect: limit-exceeded@10
model "ascend910b2";
param n = 5;
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  for i in 0..n {
    if (?) { V vexp b <- a; pipe_barrier(V); } else { V vln b <- a; }
    pipe_barrier(V);
  }
}
