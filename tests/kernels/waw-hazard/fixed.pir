// waw-hazard, fixed: pipe_barrier(MTE2) between the copies with overlapping destinations.
// expect: clean
model "ascend910b2";
buffer g : GM[2048];
buffer u : UB[1024];
kernel k {
  MTE2 copy u <- g[0 +: 1024];
  pipe_barrier(MTE2);
  MTE2 copy u[512 +: 512] <- g[1024 +: 512];
}
