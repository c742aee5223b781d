// A pipeline of 14 rounds on each of 4 IPUs: an asynchronous copy in, a branch on data whose
// sides hold interlocked ops (a COMPUTE op, a blocking copy), a copy out after __sync(). The
// copies are asynchronous, so the kernel does not interlock every access and the IPUs' sides
// are not merged by themselves; one core's choices alone are 2^14 paths, past --max-paths. In
// each core's turn, __sync() orders every unit of the core: a run that reaches it in a state an
// earlier run of the turn left there (the same round) goes on with the core's later choices
// lowered with both sides, as the other cores' are (docs/semantics.md §6): 1 + 4 x 15 runs.
// union1_turns_cut_at_sync_race.pir (tests/kernels/raw-hazard/) races on the side not taken;
// golden.py compares both with every path split on a small instance.
// expect: clean
// expect(-D n=2): clean
model "mlu370";
param n = 14;
buffer src : GDRAM[4 * 4096];
buffer dst : GDRAM[4 * 4096];
buffer x : NRAM[512];
buffer y : NRAM[256];
kernel k {
  cluster c[1] {
    core mpu : MPU {
      sync_cluster();
      sync_cluster();
    }
    core ipu[4] : IPU {
      sync_cluster();
      for i in 0..n {
        IO memcpy_async x[256 +: 256] <- src[coreid * 4096 + i * 256 +: 256];
        if (?) { COMPUTE bang_add y <- x[0 +: 256], y; } else { IO memcpy y <- src[coreid * 4096 +: 256]; }
        sync();
        IO memcpy_async dst[coreid * 4096 + i * 256 +: 256] <- y;
        MOVE memcpy_async x[0 +: 256] <- x[256 +: 256];
        sync();
      }
      sync_cluster();
    }
  }
}
