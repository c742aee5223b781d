// #36, #39: a UNION4 task whose IPUs branch on data in each of 6 iterations, and whose sides
// hold what a choice of most kernels may not merge: a value's use, a synchronous (blocking)
// copy, __sync_io() and __sync_compute(), and a nested choice. Every op is interlocked and no
// flag is called, so no two accesses of one core can race, two cores are ordered only at
// __sync_cluster(), and every choice is checked as alternatives in one run (docs/semantics.md
// §6, cores that interlock everything): 1 run for (3^6)^16 paths. Clean: each IPU writes only
// its own slice of the cluster's stage. raw-hazard/merged_interlocked_sides_race.pir writes a
// neighbour's slice; golden.py compares both with every path split on a small instance.
// expect: clean
// expect(-D nc=1 -D n=1): clean
model "mlu370";
param nc = 4;
param n = 6;
buffer src : GDRAM[4 * 4 * 256];
buffer dst : GDRAM[4 * 4 * 256];
buffer stage : SRAM[4 * 256];
buffer x : NRAM[256];
buffer y : NRAM[256];
buffer t : NRAM[64];
kernel k {
  cluster c[nc] {
    core mpu : MPU {
      IO memcpy stage <- src[clusterid * 1024 +: 1024];
      sync_cluster();
      sync_cluster();
      IO memcpy dst[clusterid * 1024 +: 1024] <- stage;
    }
    core ipu[4] : IPU {
      sync_cluster();
      MOVE memcpy x <- stage[coreid * 256 +: 256];
      for i in 0..n {
        ALU load_scalar <- x[i * 4 +: 4] as v;
        if (?) {
          use v;
          IO memcpy t <- src[clusterid * 1024 + coreid * 256 +: 64];
          sync_io();
          COMPUTE bang_add y <- x, y;
        } else {
          COMPUTE bang_mul x <- x, y;
          sync_compute();
          if (?) { MOVE memcpy stage[coreid * 256 +: 64] <- t; }
        }
      }
      MOVE memcpy stage[coreid * 256 +: 256] <- x;
      sync_cluster();
    }
  }
}
