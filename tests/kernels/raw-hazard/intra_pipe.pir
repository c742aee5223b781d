// raw-hazard inside one pipelined unit: two dependent V instructions without pipe_barrier(V).
// expect: raw-hazard@8
model "ascend910b2";
buffer a : UB[512];
buffer b : UB[512];
kernel k {
  V vexp a <- b;
  V vln b[0 +: 256] <- a[256 +: 256];
}
