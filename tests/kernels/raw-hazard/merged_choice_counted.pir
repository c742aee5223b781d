// tests/kernels/limit-exceeded/max_paths_counted.pir without the flag in its `then` side: an
// if (?) of vector ops alone in a loop of 40 iterations is 2^40 paths, but its sides order
// nothing on their own, so they are checked in one run as alternatives (docs/semantics.md §6):
// verified, and the race on `b` between each side's write and the copy out is reported.
// expect: raw-hazard@15 raw-hazard@15 war-hazard@14 war-hazard@14 waw-hazard@14 waw-hazard@14 waw-hazard@14 waw-hazard@14 waw-hazard@15
// expect(-D n=3): raw-hazard@15 raw-hazard@15 war-hazard@14 war-hazard@14 waw-hazard@14 waw-hazard@14 waw-hazard@14 waw-hazard@14 waw-hazard@15
model "ascend910b2";
param n = 40;
buffer a : UB[256];
buffer b : UB[256];
buffer g : GM[256];
kernel k {
  for i in 0..n {
    if (?) { V vexp b <- a; } else { V vln b <- a; }
    MTE3 copy_ubuf_to_gm g <- b;
  }
}
