// Cube matmul, bug: the M->FIX flag pair before the fixpipe is missing, so the fixpipe may drain
// L0C to GM while the last mmad of the K loop (or the only one) is still accumulating into it.
// (The L0 and L1 ping-pong synchronization is correct.)
// bug-class: missing-flag-pair
// expect: raw-hazard@47 raw-hazard@47
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
      if (k == 0) {
        M mmad c_l0 <- a_l0[s], b_l0[s];          // C = A0 x B0
      } else {
        M mmad c_l0 <- a_l0[s], b_l0[s], c_l0;    // C += Ak x Bk
      }
      set_flag(M, MTE1, s);           // L0 slot s may be refilled
    }
    FIX fixpipe c_gm <- c_l0;
    wait_flag(MTE1, MTE2, 0);
    wait_flag(MTE1, MTE2, 1);
    wait_flag(M, MTE1, 0);
    wait_flag(M, MTE1, 1);
  }
}

