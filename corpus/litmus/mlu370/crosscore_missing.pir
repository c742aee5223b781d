// Litmus (rule 9, cross-core barrier): without __sync_cluster() the IPUs' reads race with the MPU's
// write of SRAM (reported with the writer first).
// rule: cross-core missing
// expect: raw-hazard@14
model "mlu370";
buffer g : GDRAM[4096];
buffer s : SRAM[4096];
buffer n : NRAM[1024];
kernel k {
  core mpu : MPU {
    IO memcpy_async s <- g;
  }
  core ipu[4] : IPU {
    MOVE memcpy_async n <- s[coreid*1024 +: 1024];
  }
}
