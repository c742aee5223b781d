// Merged runs (docs/semantics.md §6) rely on every core calling the cross-core barriers it
// shares with another in one order. Here ipu[0] calls the IPU barrier of its cluster, then
// sync_all(); ipu[1] the other way round. Cross-core barriers do not stop issue, so on the path
// without the side's write nothing orders ipu[0]'s two calls: both barriers complete and
// ipu[1]'s write of g races with the MPU's read. On the path with it the calls are chained and
// the kernel deadlocks. A run holding both sides (the side of a choice without synchronization
// (an asynchronous copy)) has the chain and would hide the race: a merged run that deadlocks
// has every path run again. Found by a review.
// expect: deadlock@18 raw-hazard@19
model "mlu370";
buffer g : GDRAM[64];
buffer h : GDRAM[64];
buffer n : NRAM[64];
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
        if (?) { IO memcpy_async n <- h; }
        sync_all();
      } else {
        sync_all();
        IO memcpy g <- n;
        sync_all_ipu_within_cluster();
      }
    }
  }
}
