// limit-exceeded: pipe_barrier(ALL) orders everything, but it comes before the choices, so
// no two runs ever meet again at it with different choices before it: no run is cut short.
// 2^8 = 256 paths past --max-paths 64; tried for cuts and refused (after 16 runs, none cut),
// as the path count alone would refuse it. Never reported clean. (A barrier in the `then` side
// keeps the choice from being merged: docs/semantics.md §6.)
// args: --max-paths 64
// expect: limit-exceeded@11
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  pipe_barrier(ALL);
  for i in 0..8 {
    if (?) { V vexp b <- a; pipe_barrier(V); } else { V vln b <- a; }
    pipe_barrier(V);
  }
}
