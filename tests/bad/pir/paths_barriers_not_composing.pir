// a choice of accesses only is still explored as paths when two barriers of the kernel do not
// compose (docs/semantics.md §6): the limit names them
// bad: 7:8 limit-exceeded exit=2 kernel 'k' has more than 4096 paths (parameter values x if (?) choices; the first choice explored as paths, not merged: the if (?) at line 11, as every choice of the kernel: its barriers auto_sync at line 8 and auto_sync at line 13 do not compose (an access between them would pass on an order neither gives alone)); raise the limit with --max-paths
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  auto_sync(MTE2, V);
  MTE2 copy a[0] <- x[0 +: 256];
  for i in 0..20 {
    if (?) { V vadds a[1] <- a[1]; } else { V vmuls a[1] <- a[1]; }
  }
  auto_sync(V, MTE3);
}
