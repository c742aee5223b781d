// Litmus (rule 9, cross-core): the 910 model has no cross-core primitives, so two AI cores sharing
// GM cannot be ordered at all: core 1's read races with core 0's write.
// rule: cross-core missing
// expect: raw-hazard@11
model "ascend910";
buffer g : GM[1024];
buffer u : UB[1024];
kernel k {
  core c[2] : AICORE {
    if (coreid == 0) { MTE3 copy g <- u; }
    if (coreid == 1) { MTE2 copy u <- g; }
  }
}
