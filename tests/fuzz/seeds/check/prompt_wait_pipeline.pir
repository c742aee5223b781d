// Semantics issue, sections 3 and 4: the set;wait idiom inside a double-buffered cube pipeline.
// Each wait is reached as soon as it is issued or the instruction before it on M started, before
// the next set on its channel can fire (prompt waits, semantics.md §5); and the accumulating
// mmads write 64 KiB of L0C, so the cube orders each after the previous one (M's
// intra-ordered-from). Clean.
// expect: clean
model "ascend910b2";
param n in 1..4;
buffer l1 : L1[65536];
buffer l0a : L0A[2][16384];
buffer l0c : L0C[65536];
buffer g : GM[65536];
kernel k {
  core aic : AIC {
    set_flag(M, MTE1, 0);
    set_flag(M, MTE1, 1);
    for i in 0..n {
      let s = i % 2;
      wait_flag(M, MTE1, s);
      MTE1 load l0a[s] <- l1[s * 16384 +: 16384];
      set_flag(MTE1, M, 0);
      wait_flag(MTE1, M, 0);
      M mmad l0c <- l0a[s], l0c;
      set_flag(M, MTE1, s);
    }
    wait_flag(M, MTE1, 0);
    wait_flag(M, MTE1, 1);
    set_flag(M, FIX, 0);
    wait_flag(M, FIX, 0);
    FIX fixpipe g <- l0c;
  }
}
