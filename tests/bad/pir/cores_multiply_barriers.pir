// a kernel of several cores whose choices cannot be explored one core at a time says why
// (docs/semantics.md §6): cross-core barriers over overlapping cores that do not compose
// bad: 10:8 limit-exceeded exit=2 kernel 'k' has more than 2 paths (parameter values x if (?) choices; the choices of its cores multiply: its cross-core barriers sync_cluster and sync_all_ipu join cores that overlap, neither within the other); raise the limit with --max-paths
// args: --max-paths 2
model "mlu370";
buffer g : GDRAM[1024];
buffer h : GDRAM[64];
buffer n : NRAM[64];
buffer m : NRAM[64];
kernel k {
  cluster c[2] {
    core mpu : MPU {
      if (clusterid == 0) { IO memcpy g[0 +: 64] <- h; }
      sync_cluster();
    }
    core ipu[1] : IPU {
      sync_cluster();
      if (?) { IO memcpy_async n <- h; }
      sync_all_ipu();
      if (clusterid == 1) { IO memcpy m <- g[0 +: 64]; }
    }
  }
}
