// The small-tile pipeline with pipe_barrier(M) after each mmad, as the vendor's matmul inserts
// below the threshold.
// expect: clean
model "ascend910b2";
param n in 1..4;
buffer l1 : L1[65536];
buffer l0a : L0A[2][16384];
buffer l0c : L0C[1024];
buffer g : GM[1024];
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
      pipe_barrier(M);
      set_flag(M, MTE1, s);
    }
    wait_flag(M, MTE1, 0);
    wait_flag(M, MTE1, 1);
    set_flag(M, FIX, 0);
    wait_flag(M, FIX, 0);
    FIX fixpipe g <- l0c;
  }
}
