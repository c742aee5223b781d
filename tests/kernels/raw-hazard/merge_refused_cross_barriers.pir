// Merged choices (docs/semantics.md §6) need cross-core barriers that compose: the cores
// __sync_cluster() joins (one cluster's MPU and IPUs) and those __sync_all_ipu() joins (every
// IPU) overlap, and neither lies within the other. On the path where c[0]'s IPU copies into
// `n` between the two, that copy orders the MPU's write of `g` (before the cluster barrier)
// before c[1]'s IPU reading it (after the IPU barrier); where it does not, nothing does (a
// barrier of no queue does not stop issue, §3 rule 7): a RAW race that a run with both sides
// merged would not see. The kernel's choices are explored.
// expect: raw-hazard@24
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
