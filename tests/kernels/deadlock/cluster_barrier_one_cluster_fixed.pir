// The fix of cluster_barrier_one_cluster.pir: __sync_cluster() joins only the cores of the
// caller's cluster, so cluster 0 completes it without cluster 1.
// expect: clean
model "mlu370";
buffer x_gdram : GDRAM[2 * 1024];
buffer x_nram : NRAM[1024];
kernel k {
  cluster c[2] {
    core mpu : MPU {
      IO memcpy x_gdram[clusterid * 1024 +: 1024] <- x_nram;
      if (clusterid == 0) { sync_cluster(); }
    }
    core ipu[4] : IPU {
      if (clusterid == 0) { sync_cluster(); }
    }
  }
}
