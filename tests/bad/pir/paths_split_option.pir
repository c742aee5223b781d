// with --choices split a choice of accesses only is explored as paths, and the limit says the
// option asked for it (merged, the kernel is one run: tests/kernels/clean/merged_choices.pir)
// bad: 7:8 limit-exceeded exit=2 kernel 'k' has more than 4096 paths (parameter values x if (?) choices; every choice explored as paths (--choices split)); raise the limit with --max-paths
// args: --choices split
model "ascend910b2";
buffer a : UB[2][256];
kernel k {
  for i in 0..20 {
    if (?) { V vadds a[0] <- a[1]; } else { V vmuls a[1] <- a[0]; }
  }
}
