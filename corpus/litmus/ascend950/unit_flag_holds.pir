// Litmus (unitFlag bank, kept on arch 3510's Mmad and Fixpipe): the fixpipe waits until the L0C
// region is computed, the next mmad until it is moved out.
// rule: unit-flag holds
// expect: clean
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
    unit_flag_set(FIX, M, 0);
    unit_flag_wait(FIX, M, 0);
    M mmad c <- a, b;
  }
}
