// UNION2 reduction, bug: the barrier before the gather is __sync_cluster(), which joins only the
// cores of one cluster. IPU 0 of cluster 0 reads the workspace slots that cluster 1's IPUs may
// still be writing (a race between clusters, reported at the gather with cluster 1's write as the
// first access); within cluster 0 the gather is ordered.
// bug-class: missing-cluster-barrier
// expect: raw-hazard@40
model "mlu370";
const W = 16384;                  // weight bytes
const ROWS = 8192;                // input bytes per IPU
const PART = 128;                 // partial-sum bytes per IPU

buffer x_gdram : GDRAM[8 * ROWS];
buffer w_gdram : GDRAM[W];
buffer ws_gdram : GDRAM[8 * PART];
buffer y_gdram : GDRAM[PART];
buffer w_sram  : SRAM[W];
buffer w_wram  : WRAM[W];
buffer x_nram  : NRAM[ROWS];
buffer p_nram  : NRAM[PART];
buffer all_nram : NRAM[8 * PART];

kernel union2_reduce {
  cluster c[2] {
    core mpu : MPU {
      IO memcpy w_sram <- w_gdram;
      sync_cluster();
      sync_cluster();
    }
    core ipu[4] : IPU {
      let task = clusterid * ncores + coreid;
      IO memcpy_async x_nram <- x_gdram[task * ROWS +: ROWS];
      sync_cluster();
      MOVE memcpy w_wram <- w_sram;
      sync_io();
      COMPUTE bang_mlp p_nram <- x_nram, w_wram;
      sync_compute();
      IO memcpy ws_gdram[task * PART +: PART] <- p_nram;
      sync_cluster();
      if (clusterid == 0 && coreid == 0) {
        IO memcpy all_nram <- ws_gdram;
        COMPUTE bang_sumpool p_nram <- all_nram;
        sync_compute();
        IO memcpy y_gdram <- p_nram;
      }
    }
  }
}
