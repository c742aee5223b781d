// Choices in a quiet window (docs/semantics.md §6) need cross-core barriers that compose: a
// core entered at one barrier and left at the next orders the two only through an
// instruction between them. On the path where c[0]'s IPU makes the blocking copy into `n`
// between __sync_cluster() and __sync_all_ipu(), that copy orders the MPU's write of `g`
// (before the cluster barrier) before c[1]'s IPU reading it (after the IPU barrier); where it
// does not, nothing does: a RAW race that a run with both sides merged would not see. The
// two barriers' cores overlap, neither within the other, so the choice is explored.
// expect: raw-hazard@27
model "mlu370";
buffer g : GDRAM[1024];
buffer h : GDRAM[64];
buffer n : NRAM[64];
buffer m : NRAM[64];
buffer w : NRAM[64];
kernel k {
  cluster c[2] {
    core mpu : MPU {
      if (clusterid == 0) { IO memcpy g[0 +: 64] <- h; }
      sync_cluster();
    }
    core ipu[1] : IPU {
      IO memcpy_async w <- h;
      sync();
      sync_cluster();
      if (?) { IO memcpy n <- h; }
      sync_all_ipu();
      if (clusterid == 1) { IO memcpy m <- g[0 +: 64]; }
    }
  }
}
