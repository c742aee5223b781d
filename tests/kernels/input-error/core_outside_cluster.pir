// input-error: in a kernel with cluster blocks every core group belongs to one.
// expect: input-error@9
model "mlu370";
buffer x_nram : NRAM[64];
kernel k {
  cluster c {
    core ipu[4] : IPU { COMPUTE bang_add x_nram <- x_nram; }
  }
  core mpu : MPU { }
}
