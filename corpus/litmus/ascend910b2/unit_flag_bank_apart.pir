// Litmus (unitFlag bank): an event id set with set_flag does not release a unit_flag_wait on the
// same (M, FIX, 0): the banks are apart, so the fixpipe's wait is never released.
// rule: unit-flag missing
// expect: deadlock@14 unmatched-signal@13
model "ascend910b2";
buffer a : L0A[4096];
buffer b : L0B[4096];
buffer c : L0C[4096];
buffer out : GM[4096];
kernel k {
  core aic : AIC {
    M mmad c <- a, b;
    set_flag(M, FIX, 0);
    unit_flag_wait(M, FIX, 0);
    FIX fixpipe out <- c;
  }
}
