// clean/atomic_reduce_across_cores.pir with one IPU copying the output back while the others'
// atomic adds may still be writing it: an atomic read-modify-write races with a plain access
// as any write does (docs/semantics.md §5).
// expect: raw-hazard@12
model "mlu370";
buffer out : GDRAM[256];
buffer acc : NRAM[256];
kernel k {
  cluster c[2] {
    core ipu[2] : IPU {
      IO atomic_reduce_add out <- acc;
      if (coreid == 1) { IO memcpy acc <- out; }
    }
  }
}
