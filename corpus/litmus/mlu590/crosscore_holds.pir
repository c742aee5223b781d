// Litmus (rule 9, cross-core barrier): the MPU stages a tile in the cluster's SRAM and every
// core of the cluster meets at __sync_cluster() before the four IPUs read their quarter.
// rule: cross-core holds
// expect: clean
model "mlu590";
buffer g : GDRAM[65536];
buffer s : SRAM[65536];
buffer n : NRAM[16384];
kernel k {
  core mpu : MPU {
    IO memcpy_async s <- g;
    sync_cluster();
  }
  core ipu[4] : IPU {
    sync_cluster();
    MOVE memcpy_async n <- s[coreid*16384 +: 16384];
  }
}
