// a kernel whose merged run deadlocks has every path run again (docs/semantics.md §6, "when
// cores call barriers in different orders"); past --max-paths the limit says why: 2^13 paths
// bad: 9:8 limit-exceeded exit=2 kernel 'k' has more than 4096 paths (parameter values x if (?) choices; a run with its choices merged deadlocks, so every path is run, and its races on the paths that do not deadlock may be missing); raise the limit with --max-paths
model "mlu370";
buffer g : GDRAM[64];
buffer h : GDRAM[64];
buffer n : NRAM[64];
buffer m : NRAM[64];
kernel k {
  cluster c[1] {
    core mpu : MPU {
      IO memcpy_async h <- n;
      sync_all();
      IO memcpy n <- g;
    }
    core ipu[2] : IPU {
      if (coreid == 0) {
        sync_all_ipu_within_cluster();
        for i in 0..13 {
          if (?) { COMPUTE bang_write_value m; }
        }
        sync_all();
      } else {
        sync_all();
        IO memcpy g <- n;
        sync_all_ipu_within_cluster();
      }
    }
  }
}
