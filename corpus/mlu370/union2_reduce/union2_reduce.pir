// A UNION2 task on MLU370: two clusters of four IPUs and one MPU. In each cluster the MPU stages
// the weights GDRAM -> SRAM (each cluster has its own SRAM), __sync_cluster() hands them to the
// IPUs, and every IPU writes its partial sum to its own slot of a GDRAM workspace. __sync_all()
// then joins all ten cores, and IPU 0 of cluster 0 gathers the eight partial sums.
// bug-class: none
// expect: clean
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
      sync_all();
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
      sync_all();
      if (clusterid == 0 && coreid == 0) {
        IO memcpy all_nram <- ws_gdram;
        COMPUTE bang_sumpool p_nram <- all_nram;
        sync_compute();
        IO memcpy y_gdram <- p_nram;
      }
    }
  }
}
