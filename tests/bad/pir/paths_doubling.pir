// an if (?) in a loop of 20 iterations: 2^20 paths (a vector op, not interlocked, so no run
// can be cut short; a barrier in the side, so the choice is not merged: docs/semantics.md)
// bad: 7:8 limit-exceeded exit=2 kernel 'k' has more than 4096 paths (parameter values x if (?) choices; the first choice explored as paths, not merged: the if (?) at line 9: a side holds a call of pipe_barrier at line 9 (a barrier orders what follows it on its side only)); raise the limit with --max-paths
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  for i in 0..20 {
    if (?) { V vadds a[0] <- a[1]; pipe_barrier(V); }
  }
}
