// a kernel checked one core at a time (docs/semantics.md §6) that still passes --max-paths says
// where: 16 IPUs with 2^13 paths each
// bad: 12:8 limit-exceeded exit=2 kernel 'k' has more than 4096 paths (parameter values x if (?) choices; checked one core at a time, the choices of one core pass it alone: c[0].ipu[0]; the first choice explored as paths, not merged: the if (?) at line 25: a side holds COMPUTE bang_add at line 25, which is interlocked (it orders what follows it on its side only), outside a quiet window); raise the limit with --max-paths
model "mlu370";
param nc = 4;
param n = 13;
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
      sync_cluster();
      IO memcpy_async dst[clusterid * 1024 +: 1024] <- stage; sync_io();   // not interlocked
    }
    core ipu[4] : IPU {
      sync_cluster();
      MOVE memcpy_async x <- stage[coreid * 256 +: 256]; sync_move();   // not interlocked, in the
      // choices' window (no sync() between): their sides do not merge
      for i in 0..n {
        if (?) { COMPUTE bang_add y <- x, y; } else { COMPUTE bang_mul x <- x, y; }
      }
      MOVE memcpy stage[coreid * 256 +: 256] <- x;
      sync_cluster();
    }
  }
}
