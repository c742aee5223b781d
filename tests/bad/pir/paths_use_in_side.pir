// a side that needs a value the scalar unit read (rule 10) orders what follows it on that side
// only, so its choice is explored as paths: the limit names the use
// bad: 6:8 limit-exceeded exit=2 kernel 'k' has more than 4096 paths (parameter values x if (?) choices; the first choice explored as paths, not merged: the if (?) at line 9: a side holds a use at line 9 (it orders what follows it on its side only)); raise the limit with --max-paths
model "ascend910b2";
buffer a : UB[2][256];
kernel k {
  for i in 0..20 {
    S get_value <- a[0][0 +: 4] as v;
    if (?) { use v; V vadds a[1] <- a[1]; } else { V vmuls a[1] <- a[1]; }
  }
}
