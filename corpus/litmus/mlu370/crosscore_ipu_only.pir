// Litmus (rule 9, barrier participants): __sync_all_ipu() joins only the IPU cores, so it does not
// order the MPU's write of SRAM before the IPUs' reads: a weaker barrier than __sync_cluster().
// rule: cross-core missing-participants
// expect: raw-hazard@15
model "mlu370";
buffer g : GDRAM[4096];
buffer s : SRAM[4096];
buffer n : NRAM[1024];
kernel k {
  core mpu : MPU {
    IO memcpy_async s <- g;
  }
  core ipu[4] : IPU {
    sync_all_ipu();
    MOVE memcpy_async n <- s[coreid*1024 +: 1024];
  }
}
