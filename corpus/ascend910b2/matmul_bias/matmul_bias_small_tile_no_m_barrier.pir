// Cube matmul with bias on a 16 x 64 output tile, bug: no pipe_barrier(M) at all. The tile is 4
// fractals of L0C, below the 10 from which the cube pipe orders an Mmad after the previous one by
// itself (the vendor's matmul then puts PipeBarrier<PIPE_M> after every Mmad), so each mmad may
// read and write L0C while the one before it, in this K step or the last, is still accumulating
// into it (RAW and WAW inside the M pipe).
// bug-class: missing-pipe-barrier
// expect: raw-hazard@59 raw-hazard@59 raw-hazard@59 raw-hazard@61 raw-hazard@61 raw-hazard@61 waw-hazard@59 waw-hazard@59 waw-hazard@59 waw-hazard@61 waw-hazard@61 waw-hazard@61
model "ascend910b2";
param ktiles in 1..5;             // K / 128 from the tiling data
const A_TILE = 16384;             // 64 x 128 half: two 64 x 64 halves
const B_TILE = 16384;
const HA = A_TILE / 2;
const HB = B_TILE / 2;
const C_SIZE = 4096;              // 16 x 64 float
const BIAS = 256;

buffer a_gm    : GM[ktiles * A_TILE];
buffer b_gm    : GM[ktiles * B_TILE];
buffer bias_gm : GM[BIAS];
buffer c_gm    : GM[C_SIZE];
buffer a_l1    : L1[2][A_TILE];
buffer b_l1    : L1[2][B_TILE];
buffer bias_l1 : L1[BIAS];
buffer a_l0    : L0A[2][A_TILE];
buffer b_l0    : L0B[2][B_TILE];
buffer bias_bt : BT[BIAS];
buffer c_l0    : L0C[C_SIZE];

kernel matmul_bias {
  core aic : AIC {
    MTE2 copy_gm_to_cbuf bias_l1 <- bias_gm;
    set_flag(MTE2, MTE1, 2);
    set_flag(MTE1, MTE2, 0);                  // L1 slots start free
    set_flag(MTE1, MTE2, 1);
    set_flag(M, MTE1, 0);                     // L0 slots start free
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
      set_flag(MTE1, MTE2, s);                // L1 slot s may be refilled
      set_flag(MTE1, M, s);
      if (k == 0) {
        wait_flag(MTE2, MTE1, 2);
        MTE1 copy_cbuf_to_bt bias_bt <- bias_l1;
        set_flag(MTE1, M, 2);
      }
      wait_flag(MTE1, M, s);
      if (k == 0) {
        wait_flag(MTE1, M, 2);
        M mmad c_l0 <- a_l0[s][0 +: HA], b_l0[s][0 +: HB], bias_bt;   // C = A0 B0 + bias
      } else {
        M mmad c_l0 <- a_l0[s][0 +: HA], b_l0[s][0 +: HB], c_l0;      // C += Ak Bk (first half)
      }
      M mmad c_l0 <- a_l0[s][HA +: HA], b_l0[s][HB +: HB], c_l0;
      set_flag(M, MTE1, s);                   // L0 slot s may be refilled
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
