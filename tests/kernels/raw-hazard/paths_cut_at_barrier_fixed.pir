// paths_cut_at_barrier.pir with the MTE2 -> V flag pair: every one of the 4^40 paths is clean,
// and the kernel is verified in under 200 runs (cut at each pipe_barrier(ALL)).
// expect: clean
model "ascend910b2";
param n = 40;
buffer a : UB[256];
buffer g : GM[40 * 256];
kernel k {
  for i in 0..n {
    if (?) { MTE2 copy a <- g[i * 256 +: 256]; }
    set_flag(MTE2, V, 0);
    wait_flag(MTE2, V, 0);
    if (?) { V vadds a <- a; }
    pipe_barrier(ALL);
  }
}
