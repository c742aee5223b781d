// Litmus (rule 9, cross-core barrier): without __sync_cluster() the IPUs' reads of SRAM race
// with the MPU's write of it.
// rule: cross-core missing
// expect: raw-hazard@14
model "mlu590";
buffer g : GDRAM[65536];
buffer s : SRAM[65536];
buffer n : NRAM[16384];
kernel k {
  core mpu : MPU {
    IO memcpy_async s <- g;
  }
  core ipu[4] : IPU {
    MOVE memcpy_async n <- s[coreid*16384 +: 16384];
  }
}
