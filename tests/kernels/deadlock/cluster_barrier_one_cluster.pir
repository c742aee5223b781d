// Only cluster 0 calls the barrier. __sync_all() joins every core of the task, so cluster 0's
// cores wait for cluster 1 forever (cluster_barrier_one_cluster_fixed.pir: __sync_cluster()
// joins only the caller's cluster, and cluster 0 completes it on its own).
// expect: deadlock@12 deadlock@15
model "mlu370";
buffer x_gdram : GDRAM[2 * 1024];
buffer x_nram : NRAM[1024];
kernel k {
  cluster c[2] {
    core mpu : MPU {
      IO memcpy x_gdram[clusterid * 1024 +: 1024] <- x_nram;
      if (clusterid == 0) { sync_all(); }
    }
    core ipu[4] : IPU {
      if (clusterid == 0) { sync_all(); }
    }
  }
}
