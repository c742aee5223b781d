// a kernel of several cores whose choices cannot be explored one core at a time says why
// (docs/semantics.md §6): here a cross-core flag orders across cores outside barriers
// bad: 8:8 limit-exceeded exit=2 kernel 'k' has more than 2 paths (parameter values x if (?) choices; the choices of its cores multiply: it calls the cross-core flag primitive cross_core_set_flag at line 12); raise the limit with --max-paths
// args: --max-paths 2
model "ascend910b2";
buffer g : GM[512];
buffer u : UB[64];
kernel k {
  core aiv[2] : AIV {
    S get_value <- g[coreid * 64 +: 4] as v;
    if (?) { use v; }
    cross_core_set_flag(MTE3, 0, 1);
    cross_core_wait_flag(MTE3, 0, 1);
    MTE3 copy_ubuf_to_gm g[(1 - coreid) * 64 +: 64] <- u;
  }
}
