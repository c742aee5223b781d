// #36, #39: a UNION4 task (4 clusters of an MPU and four IPUs) whose IPUs each take a data-
// dependent branch in every iteration of a loop. Explored together, the 16 IPUs' choices
// multiply: (2^4)^16 paths. Every op is interlocked and no flag is called, so no two accesses
// of one core can race, two cores are ordered only at __sync_cluster(), and every choice is
// checked as alternatives in one run (docs/semantics.md §6): 1 run. Clean: each IPU works on
// its own slice of the cluster's SRAM stage between the barriers.
// tests/kernels/raw-hazard/union4_choices_per_core_race.pir writes a neighbour's slice on one
// side; union4_turns_async_copy.pir is this kernel with one copy that is not interlocked,
// checked one core at a time; golden.py compares each with every path split on a small instance.
// expect: clean
// expect(-D nc=2 -D n=1): clean
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
      sync_cluster();
      IO memcpy dst[clusterid * 1024 +: 1024] <- stage;
    }
    core ipu[4] : IPU {
      sync_cluster();
      MOVE memcpy x <- stage[coreid * 256 +: 256];
      for i in 0..n {
        if (?) { COMPUTE bang_add y <- x, y; } else { COMPUTE bang_mul x <- x, y; }
      }
      MOVE memcpy stage[coreid * 256 +: 256] <- x;
      sync_cluster();
    }
  }
}
