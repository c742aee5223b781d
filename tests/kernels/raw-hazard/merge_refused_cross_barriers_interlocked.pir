// merge_refused_cross_barriers.pir with the copy on the side synchronous: every op of the
// kernel is interlocked, so a side may hold any access (docs/semantics.md §6, cores that
// interlock everything), but the cross-core barriers must still compose. __sync_cluster()
// and __sync_all_ipu() do not: on the path where c[0]'s IPU copies into `n` between them, that
// copy orders the MPU's write of `g` before c[1]'s IPU reading it; where it does not, nothing
// does. A RAW race that a merged run would not see; the kernel's choices are explored.
// expect: raw-hazard@23
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
      if (?) { IO memcpy n <- h; }
      sync_all_ipu();
      if (clusterid == 1) { IO memcpy m <- g[0 +: 64]; }
    }
  }
}
