// SRAM is per cluster: each cluster's MPU stages its own half of the weights into its own SRAM
// and its IPUs move them to WRAM after __sync_cluster(). If SRAM were one memory for the task,
// cluster 1's MPU write would race cluster 0's IPU reads; per cluster, every read is ordered.
// expect: clean
model "mlu370";
buffer w_gdram : GDRAM[2 * 8192];
buffer w_sram : SRAM[8192];
buffer w_wram : WRAM[8192];
kernel staged_weights {
  cluster c[2] {
    core mpu : MPU {
      IO memcpy w_sram <- w_gdram[clusterid * 8192 +: 8192];
      sync_cluster();
    }
    core ipu[4] : IPU {
      sync_cluster();
      MOVE memcpy w_wram <- w_sram;
    }
  }
}
