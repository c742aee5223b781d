// a kernel of several cores whose choices cannot be explored one core at a time says why
// (docs/semantics.md §6): a side of a choice calls a cross-core barrier
// bad: 12:8 limit-exceeded exit=2 kernel 'k' has more than 4096 paths (parameter values x if (?) choices; the choices of its cores multiply: a side of the if (?) at line 24 calls sync_cluster at line 24); raise the limit with --max-paths
model "mlu370";
param nc = 4;
param n = 4;
buffer src : GDRAM[4 * 4 * 256];
buffer dst : GDRAM[4 * 4 * 256];
buffer stage : SRAM[4 * 256];
buffer x : NRAM[256];
buffer y : NRAM[256];
kernel k {
  cluster c[nc] {
    core mpu : MPU {
      IO memcpy stage <- src[clusterid * 1024 +: 1024];
      sync_cluster();
      sync_cluster(); for i in 0..n { sync_cluster(); }
      IO memcpy_async dst[clusterid * 1024 +: 1024] <- stage; sync_io();   // not interlocked: sides do not merge
    }
    core ipu[4] : IPU {
      sync_cluster();
      MOVE memcpy x <- stage[coreid * 256 +: 256];
      for i in 0..n {
        if (?) { COMPUTE bang_add y <- x, y; sync_cluster(); } else { COMPUTE bang_mul x <- x, y; sync_cluster(); }
      }
      MOVE memcpy stage[coreid * 256 +: 256] <- x;
      sync_cluster();
    }
  }
}
