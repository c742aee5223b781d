// The fix of cluster_too_many_ipus.pir: four IPUs per cluster.
// expect: clean
model "mlu370";
buffer x_nram : NRAM[64];
kernel k {
  cluster c[2] {
    core ipu[4] : IPU { COMPUTE bang_add x_nram <- x_nram; }
  }
}
