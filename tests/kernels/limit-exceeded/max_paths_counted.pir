// limit-exceeded: an if (?) in a loop of 40 iterations is 2^40 paths. They are counted before
// the first run, so the kernel is refused at once: no run is made (the race on the first path
// is not reported either: the kernel is not verified, never partly checked and called clean).
// The flag in the `then` side keeps the choice from being merged (docs/semantics.md §6);
// tests/kernels/raw-hazard/merged_choice_counted.pir is the kernel without it.
// expect: limit-exceeded@11
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
buffer g : GM[256];
kernel k {
  for i in 0..40 {
    if (?) { V vexp b <- a; set_flag(V, MTE3, 0); wait_flag(V, MTE3, 0); } else { V vln b <- a; }
    MTE3 copy_ubuf_to_gm g <- b;
  }
}
