// Litmus (rule 9, cross-core barrier count): the k-th calls of all participants form one
// barrier; the IPUs call __sync_cluster() twice, the MPU once, so the second never completes.
// rule: cross-core missing-count
// expect: deadlock@17
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
    sync_cluster();
  }
}
