// The same staging without the barrier on the IPUs' side: within each cluster the IPUs read
// SRAM while the MPU may still be writing it. One finding per statement pair, named at the
// first cluster's cores.
// expect: raw-hazard@16
model "mlu370";
buffer w_gdram : GDRAM[2 * 8192];
buffer w_sram : SRAM[8192];
buffer w_wram : WRAM[8192];
kernel staged_weights {
  cluster c[2] {
    core mpu : MPU {
      IO memcpy w_sram <- w_gdram[clusterid * 8192 +: 8192];
    }
    core ipu[4] : IPU {
      sync_all_ipu_within_cluster();
      MOVE memcpy w_wram <- w_sram;
    }
  }
}
