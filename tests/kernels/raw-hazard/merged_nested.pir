// Merged choices nest (docs/semantics.md §6): accesses on different sides of one choice, at
// any depth, are never paired; accesses of two choices one after the other, or of a choice
// and what follows it, are. Line 16's vexp and its copy out lie on the two sides of the inner
// choice, and both on the other side of the outer choice from line 19's copy in: none of them
// race with each other. Line 17's vln follows the inner choice on the same outer side: it
// races with both of line 16's accesses; line 21's copy out races with every write of `a`
// before it, and writes `g` while line 19's copy in may still read it. golden.py checks the
// same verdict with every path split (5 paths).
// expect: raw-hazard@17 war-hazard@17 waw-hazard@17 raw-hazard@21 raw-hazard@21 raw-hazard@21 war-hazard@21
model "ascend910b2";
buffer a : UB[256];
buffer g : GM[256];
buffer h : GM[256];
kernel k {
  if (?) {
    if (?) { V vexp a <- a; } else { MTE3 copy_ubuf_to_gm h <- a; }
    if (?) { V vln a <- a; }
  } else {
    MTE2 copy_gm_to_ubuf a <- g;
  }
  MTE3 copy_ubuf_to_gm g <- a;
}
