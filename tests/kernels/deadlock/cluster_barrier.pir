// deadlock at a cross-core barrier on MLU370: the IPU calls __sync_cluster() but the MPU of the
// kernel never does, so the barrier never completes.
// expect: deadlock@13
model "mlu370";
buffer w_gdram : GDRAM[4096];
buffer w_sram : SRAM[4096];
buffer w_nram : NRAM[4096];
kernel k {
  core mpu : MPU {
    IO memcpy w_sram <- w_gdram;
  }
  core ipu : IPU {
    sync_cluster();
    MOVE memcpy w_nram <- w_sram;
  }
}
