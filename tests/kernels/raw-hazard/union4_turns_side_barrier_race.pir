// union4_turns_side_barrier.pir (tests/kernels/clean/) whose `else` side writes y without the
// barrier: on that side the asynchronous copy out reads y while COMPUTE may still write it, a
// race on each IPU's own core, found in its turn; the `then` side's barrier is credited on
// its own paths only. The same findings as every path split (golden.py, -D nc=1 -D n=1).
// expect: raw-hazard@28
// expect(-D nc=1 -D n=1): raw-hazard@28
model "mlu370";
param nc = 2;
param n = 3;
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
      IO memcpy_async dst[clusterid * 1024 +: 1024] <- stage; sync_io();
    }
    core ipu[4] : IPU {
      sync_cluster();
      MOVE memcpy x <- stage[coreid * 256 +: 256];
      for i in 0..n {
        if (?) { COMPUTE bang_add y <- x, y; sync_compute(); } else { COMPUTE bang_mul y <- x, y; }
        IO memcpy_async dst[(clusterid * 4 + coreid) * 256 +: 256] <- y;
        sync_io();
      }
      MOVE memcpy stage[coreid * 256 +: 256] <- x;
      sync_cluster();
    }
  }
}
