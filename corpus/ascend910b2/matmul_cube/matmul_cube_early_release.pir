// Cube matmul, bug: the L0A/L0B slot is released (set_flag(M, MTE1, s)) before the mmad that reads
// it instead of after, so MTE1 may refill the slot for k+2 while mmad k still reads it (WAR).
// The mmad chain itself stays ordered: the next release signal on M follows each mmad.
// bug-class: signal-before-producer
// expect: war-hazard@35 war-hazard@35 war-hazard@36 war-hazard@36
model "ascend910b2";
param ktiles in 1..5;             // K / 64 from the tiling data
const A_TILE = 16384;             // 128 x 64 half
const B_TILE = 16384;             // 64 x 128 half
const C_SIZE = 65536;             // 128 x 128 float

buffer a_gm : GM[ktiles * A_TILE];
buffer b_gm : GM[ktiles * B_TILE];
buffer c_gm : GM[C_SIZE];
buffer a_l1 : L1[2][A_TILE];
buffer b_l1 : L1[2][B_TILE];
buffer a_l0 : L0A[2][A_TILE];
buffer b_l0 : L0B[2][B_TILE];
buffer c_l0 : L0C[C_SIZE];

kernel matmul {
  core aic : AIC {
    set_flag(MTE1, MTE2, 0);          // L1 slots start free
    set_flag(MTE1, MTE2, 1);
    set_flag(M, MTE1, 0);             // L0A/L0B slots start free
    set_flag(M, MTE1, 1);
    for k in 0..ktiles {
      let s = k % 2;
      wait_flag(MTE1, MTE2, s);
      MTE2 copy_gm_to_cbuf a_l1[s] <- a_gm[k*A_TILE +: A_TILE];
      MTE2 copy_gm_to_cbuf b_l1[s] <- b_gm[k*B_TILE +: B_TILE];
      set_flag(MTE2, MTE1, s);
      wait_flag(MTE2, MTE1, s);
      wait_flag(M, MTE1, s);
      MTE1 load_cbuf_to_ca a_l0[s] <- a_l1[s];
      MTE1 load_cbuf_to_cb b_l0[s] <- b_l1[s];
      set_flag(MTE1, MTE2, s);        // L1 slot s may be refilled
      set_flag(MTE1, M, s);
      wait_flag(MTE1, M, s);
      set_flag(M, MTE1, s);           // too early: mmad below still reads slot s
      if (k == 0) {
        M mmad c_l0 <- a_l0[s], b_l0[s];          // C = A0 x B0
      } else {
        M mmad c_l0 <- a_l0[s], b_l0[s], c_l0;    // C += Ak x Bk
      }
    }
    set_flag(M, FIX, 0);
    wait_flag(M, FIX, 0);
    FIX fixpipe c_gm <- c_l0;
    wait_flag(MTE1, MTE2, 0);
    wait_flag(MTE1, MTE2, 1);
    wait_flag(M, MTE1, 0);
    wait_flag(M, MTE1, 1);
  }
}

