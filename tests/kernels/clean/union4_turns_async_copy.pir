// union4_choices_per_core.pir with the MPU's last copy out asynchronous (memcpy_async, then
// __sync_io()): the kernel no longer interlocks every access, so the IPUs' sides (interlocked
// ops) are not merged by themselves. The cores meet only at __sync_cluster() and no side calls
// a primitive, so the cores' choices are explored one core at a time, the other cores' sides
// checked as alternatives in the same run (docs/semantics.md §6): 1 + 16 x 2^4 = 257 runs.
// union4_turns_async_copy_race.pir (tests/kernels/raw-hazard/) writes a neighbour's slice on
// one side; golden.py compares both with every path split on a small instance.
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
      IO memcpy_async dst[clusterid * 1024 +: 1024] <- stage; sync_io();
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
