// #39: 30 data-dependent choices (accesses only) in each of 64 iterations: 2^1920 paths. Each
// `if (?)` holds nothing but a vector op, which orders nothing on its own side only, so both
// sides of every choice are checked in one run, as alternatives (docs/semantics.md §6): one
// run, 1,920 choices merged. The flags order each iteration's copy in, the vector ops, the
// copy out and the next copy in: clean on every path. tests/kernels/raw-hazard/
// merged_choices_race.pir is the same kernel with a flag left out; golden.py compares both
// with every path split on their small instances (-D n=2 -D m=3: 2^6 paths).
// expect: clean
// expect(-D n=2 -D m=3): clean
model "ascend910b2";
param n = 64;
param m = 30;
buffer x : UB[30 * 32];
buffer g : GM[64 * 30 * 32];
buffer h : GM[64 * 30 * 32];
kernel k {
  for i in 0..n {
    if (i > 0) { wait_flag(MTE3, MTE2, 0); }
    MTE2 copy_gm_to_ubuf x <- g[i * 960 +: 960];
    set_flag(MTE2, V, 0);
    wait_flag(MTE2, V, 0);
    for j in 0..m {
      if (?) { V vadds x[j * 32 +: 32] <- x[j * 32 +: 32]; }
    }
    set_flag(V, MTE3, 0);
    wait_flag(V, MTE3, 0);
    MTE3 copy_ubuf_to_gm h[i * 960 +: 960] <- x;
    if (i + 1 < n) { set_flag(MTE3, MTE2, 0); }
  }
}
