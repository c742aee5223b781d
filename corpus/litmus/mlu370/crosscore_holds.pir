// Litmus (rule 9, cross-core barrier): the MPU stages a tile in SRAM and every core meets at
// __sync_cluster() before the IPUs read their quarter of it.
// rule: cross-core holds
// expect: clean
model "mlu370";
buffer g : GDRAM[4096];
buffer s : SRAM[4096];
buffer n : NRAM[1024];
kernel k {
  core mpu : MPU {
    IO memcpy_async s <- g;
    sync_cluster();
  }
  core ipu[4] : IPU {
    sync_cluster();
    MOVE memcpy_async n <- s[coreid*1024 +: 1024];
  }
}
