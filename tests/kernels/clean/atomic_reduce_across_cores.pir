// Atomic read-modify-writes do not race with each other (docs/semantics.md §5; the model's
// <atomic>): the IPUs of two clusters each add their NRAM partial sums into the same GDRAM
// output with __bang_atomic_reduce_add, with nothing ordering them, as mlu-ops'
// voxel_pooling_forward does. Each element's read, add and write is one atomic transaction,
// so whichever core comes first, the sum is the same. raw-hazard/atomic_and_plain_copy.pir
// reads the output with a plain copy meanwhile: that one races.
// expect: clean
model "mlu370";
buffer out : GDRAM[256];
buffer acc : NRAM[256];
kernel k {
  cluster c[2] {
    core ipu[2] : IPU {
      IO atomic_reduce_add out <- acc;
    }
  }
}
