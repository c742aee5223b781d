// The loop of value_use_per_iteration.pir with the value needed only at the end of the block: the
// next block's copy into idx is issued while the last reads may be in flight.
// expect: war-hazard@11
// expect(-D n=1): clean
model "ascend910b2";
param n in 1..3;
buffer g : GM[1024];
buffer idx : UB[64];
kernel k {
  for b in 0..n {
    MTE2 copy_gm_to_ubuf idx <- g[b*64 +: 64];
    set_flag(MTE2, S, 0);
    wait_flag(MTE2, S, 0);
    S get_value <- idx[0 +: 4] as first;
    S get_value <- idx[4 +: 4];
    use first;
  }
}
