// #39: merged_choices.pir (tests/kernels/clean/) with a second side: on the `else` side of each
// choice MTE3 copies the slice out early, before anything orders it after the copy in (no
// MTE2 -> MTE3 hand-off): a RAW race on every path that takes one `else`, and on no other.
// Both sides of each of the 120 choices (n = 4) are checked in one run, as alternatives; the
// accesses of different sides of one choice are never paired (docs/semantics.md §6).
// expect: raw-hazard@25
// expect(-D n=2 -D m=3): raw-hazard@25
model "ascend910b2";
param n = 4;
param m = 30;
buffer x : UB[30 * 32];
buffer g : GM[64 * 30 * 32];
buffer h : GM[64 * 30 * 32];
buffer e : GM[64 * 30 * 32];
kernel k {
  for i in 0..n {
    if (i > 0) { wait_flag(MTE3, MTE2, 0); }
    MTE2 copy_gm_to_ubuf x <- g[i * 960 +: 960];
    set_flag(MTE2, V, 0);
    wait_flag(MTE2, V, 0);
    for j in 0..m {
      if (?) {
        V vadds x[j * 32 +: 32] <- x[j * 32 +: 32];
      } else {
        MTE3 copy_ubuf_to_gm e[i * 960 + j * 32 +: 32] <- x[j * 32 +: 32];
      }
    }
    set_flag(V, MTE3, 0);
    wait_flag(V, MTE3, 0);
    MTE3 copy_ubuf_to_gm h[i * 960 +: 960] <- x;
    if (i + 1 < n) { set_flag(MTE3, MTE2, 0); }
  }
}
