// raw-hazard inside one pipe, fixed: pipe_barrier(V) between the dependent vector instructions.
// expect: clean
model "ascend910b2";
buffer a : UB[512];
buffer b : UB[512];
kernel k {
  V vexp a <- b;
  pipe_barrier(V);
  V vln b[0 +: 256] <- a[256 +: 256];
}
