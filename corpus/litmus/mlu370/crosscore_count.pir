// Litmus (rule 9, cross-core barrier count): the k-th calls of all participants form one group;
// the IPUs call __sync_cluster() twice, the MPU once, so the IPUs' second barrier never completes.
// rule: cross-core missing-count
// expect: deadlock@17
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
    sync_cluster();
  }
}
