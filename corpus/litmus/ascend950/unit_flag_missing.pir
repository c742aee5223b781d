// Litmus (unitFlag bank): without the hand-off back, the second mmad may overwrite L0C while the
// fixpipe is still moving the first result out.
// rule: unit-flag missing
// expect: war-hazard@16
model "ascend950";
buffer a : L0A[16384];
buffer b : L0B[16384];
buffer c : L0C[16384];
buffer out : GM[32768];
kernel k {
  core aic : AIC {
    M mmad c <- a, b;
    unit_flag_set(M, FIX, 0);
    unit_flag_wait(M, FIX, 0);
    FIX fixpipe out[0 +: 16384] <- c;
    M mmad c <- a, b;
  }
}
