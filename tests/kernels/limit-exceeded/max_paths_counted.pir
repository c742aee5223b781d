// limit-exceeded: an if (?) in a loop of 40 iterations is 2^40 paths. They are counted before
// the first run, so the kernel is refused at once: no run is made (the race on the first path
// is not reported either: the kernel is not verified, never partly checked and called clean).
// expect: limit-exceeded@9
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
buffer g : GM[256];
kernel k {
  for i in 0..40 {
    if (?) { V vexp b <- a; } else { V vln b <- a; }
    MTE3 copy_ubuf_to_gm g <- b;
  }
}
