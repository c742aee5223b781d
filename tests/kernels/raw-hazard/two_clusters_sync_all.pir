// The fix of two_clusters_sync_cluster.pir: __sync_all() joins every core of the task, so
// cluster 0's write ends before any core of cluster 1 passes the barrier.
// expect: clean
model "mlu370";
buffer src_gdram : GDRAM[4096];
buffer shared_gdram : GDRAM[4096];
buffer x_nram : NRAM[4096];
kernel stage_then_read {
  cluster c[2] {
    core mpu : MPU {
      if (clusterid == 0) { IO memcpy shared_gdram <- src_gdram; }
      sync_all();
    }
    core ipu[4] : IPU {
      sync_all();
      if (clusterid == 1) { IO memcpy x_nram <- shared_gdram; }
    }
  }
}
