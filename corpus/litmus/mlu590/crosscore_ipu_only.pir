// Litmus (rule 9, barrier participants): __sync_all_ipu() joins the IPU cores only, so it does
// not order the MPU's write of SRAM before the IPUs' reads: weaker than __sync_cluster().
// rule: cross-core missing-participants
// expect: raw-hazard@15
model "mlu590";
buffer g : GDRAM[65536];
buffer s : SRAM[65536];
buffer n : NRAM[16384];
kernel k {
  core mpu : MPU {
    IO memcpy_async s <- g;
  }
  core ipu[4] : IPU {
    sync_all_ipu();
    MOVE memcpy_async n <- s[coreid*16384 +: 16384];
  }
}
