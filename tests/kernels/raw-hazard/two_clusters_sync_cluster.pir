// Two clusters of one task on MLU370. Cluster 0's MPU stages a block of GDRAM that cluster 1's
// IPUs read after __sync_cluster(). A cluster barrier joins only the cores of its own cluster,
// so nothing orders cluster 0's write before cluster 1's reads: a race across clusters.
// __sync_all() would order them (see two_clusters_sync_all.pir).
// expect: raw-hazard@18
model "mlu370";
buffer src_gdram : GDRAM[4096];
buffer shared_gdram : GDRAM[4096];
buffer x_nram : NRAM[4096];
kernel stage_then_read {
  cluster c[2] {
    core mpu : MPU {
      if (clusterid == 0) { IO memcpy shared_gdram <- src_gdram; }
      sync_cluster();
    }
    core ipu[4] : IPU {
      sync_cluster();
      if (clusterid == 1) { IO memcpy x_nram <- shared_gdram; }
    }
  }
}
