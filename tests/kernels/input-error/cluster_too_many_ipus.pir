// input-error: an MLU370 cluster holds four IPUs and one MPU (the model's <cluster> shape).
// expect: input-error@6
model "mlu370";
buffer x_nram : NRAM[64];
kernel k {
  cluster c[2] {
    core ipu[5] : IPU { COMPUTE bang_add x_nram <- x_nram; }
  }
}
