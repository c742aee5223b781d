// deadlock at a cross-core barrier, fixed: the MPU joins the __sync_cluster() after staging.
// expect: clean
model "mlu370";
buffer w_gdram : GDRAM[4096];
buffer w_sram : SRAM[4096];
buffer w_nram : NRAM[4096];
kernel k {
  core mpu : MPU {
    IO memcpy w_sram <- w_gdram;
    sync_cluster();
  }
  core ipu : IPU {
    sync_cluster();
    MOVE memcpy w_nram <- w_sram;
  }
}
