// #36: a UNION task checked one core at a time whose sides call a barrier of one core: the
// `then` side orders its COMPUTE write of y before the asynchronous copy out with
// __sync_compute(), the `else` side writes x only. A barrier of one core in a side only
// orders more of its core, so the other cores' sides are still merged in each turn
// (docs/semantics.md §6): 1 + 8 x 2^3 = 65 runs for (2^3)^8 paths. Clean.
// raw-hazard/union4_turns_side_barrier_race.pir writes y on the `else` side without the
// barrier; golden.py compares both with every path split on a small instance.
// expect: clean
// expect(-D nc=1 -D n=1): clean
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
        if (?) { COMPUTE bang_add y <- x, y; sync_compute(); } else { COMPUTE bang_mul x <- x, y; }
        IO memcpy_async dst[(clusterid * 4 + coreid) * 256 +: 256] <- y;
        sync_io();
      }
      MOVE memcpy stage[coreid * 256 +: 256] <- x;
      sync_cluster();
    }
  }
}
