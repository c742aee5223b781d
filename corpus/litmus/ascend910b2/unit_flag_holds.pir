// Litmus (unitFlag bank): the L0C hand-off between the mmad and the fixpipe that moves its result
// out, both ways: the fixpipe waits until the region is computed, the next mmad until it is moved
// out. The region's id (its first fractal) is in a bank of its own, apart from the event ids.
// rule: unit-flag holds
// expect: clean
model "ascend910b2";
buffer a : L0A[4096];
buffer b : L0B[4096];
buffer c : L0C[4096];
buffer out : GM[8192];
kernel k {
  core aic : AIC {
    M mmad c <- a, b;
    unit_flag_set(M, FIX, 0);
    unit_flag_wait(M, FIX, 0);
    FIX fixpipe out[0 +: 4096] <- c;
    unit_flag_set(FIX, M, 0);
    unit_flag_wait(FIX, M, 0);
    M mmad c <- a, b;
    unit_flag_set(M, FIX, 0);
    unit_flag_wait(M, FIX, 0);
    FIX fixpipe out[4096 +: 4096] <- c;
    unit_flag_set(FIX, M, 0);
    unit_flag_wait(FIX, M, 0);
  }
}
