// Quantized matmul on one AI core (AIC + 2 AIVs): each AIV converts its half of the A block from
// float to int8 (vconv) and writes it to a GM workspace, then counts one on cross-core flag 4 in
// mode 2; the cube waits until both AIVs have counted, loads the int8 block into L1 and L0A and
// multiplies it with the resident B. The workspace is single: the cube counts back on flag 5 once
// it has loaded it, and the AIVs wait for that before writing the next block.
// bug-class: none
// expect: clean
model "ascend910b2";
param rounds in 1..3;             // A blocks per core from the tiling data
const AF = 16384;                 // 64 x 64 float
const AQ = 4096;                  // 64 x 64 int8
const HF = AF / 2;                // each AIV converts half of the rows
const HQ = AQ / 2;
const BQ = 4096;
const C = 16384;

buffer a_gm  : GM[rounds * AF];
buffer b_gm  : GM[BQ];
buffer c_gm  : GM[rounds * C];
buffer aq_ws : GM[AQ];            // workspace between the vector cores and the cube
buffer a_ub  : UB[HF];
buffer q_ub  : UB[HQ];
buffer a_l1  : L1[AQ];
buffer b_l1  : L1[BQ];
buffer a_l0  : L0A[AQ];
buffer b_l0  : L0B[BQ];
buffer c_l0  : L0C[C];

kernel quant_matmul {
  core aiv[2] : AIV {
    for r in 0..rounds {
      if (r > 0) { wait_flag(V, MTE2, 0); }
      MTE2 copy_gm_to_ubuf a_ub <- a_gm[r*AF + coreid*HF +: HF];
      set_flag(MTE2, V, 0);
      wait_flag(MTE2, V, 0);
      if (r > 0) { wait_flag(MTE3, V, 0); }
      V vconv q_ub <- a_ub;                   // float -> int8
      if (r + 1 < rounds) { set_flag(V, MTE2, 0); }
      set_flag(V, MTE3, 0);
      wait_flag(V, MTE3, 0);
      if (r > 0) { cross_core_wait_flag(MTE3, 2, 5); }   // the cube has loaded block r-1
      MTE3 copy_ubuf_to_gm aq_ws[coreid*HQ +: HQ] <- q_ub;
      if (r + 1 < rounds) { set_flag(MTE3, V, 0); }
      cross_core_set_flag(MTE3, 2, 4);        // my half of block r is in the workspace
    }
  }
  core aic : AIC {
    MTE2 copy_gm_to_cbuf b_l1 <- b_gm;
    set_flag(MTE2, MTE1, 1);
    wait_flag(MTE2, MTE1, 1);
    MTE1 load_cbuf_to_cb b_l0 <- b_l1;
    for r in 0..rounds {
      cross_core_wait_flag(MTE2, 2, 4);       // both halves of block r are in the workspace
      if (r > 0) { wait_flag(MTE1, MTE2, 0); }
      MTE2 copy_gm_to_cbuf a_l1 <- aq_ws;
      if (r + 1 < rounds) { cross_core_set_flag(MTE2, 2, 5); }   // the workspace may be rewritten
      set_flag(MTE2, MTE1, 0);
      wait_flag(MTE2, MTE1, 0);
      if (r > 0) { wait_flag(M, MTE1, 0); }
      MTE1 load_cbuf_to_ca a_l0 <- a_l1;
      if (r + 1 < rounds) { set_flag(MTE1, MTE2, 0); }
      set_flag(MTE1, M, 0);
      wait_flag(MTE1, M, 0);
      if (r > 0) { wait_flag(FIX, M, 0); }
      M mmad c_l0 <- a_l0, b_l0;
      if (r + 1 < rounds) { set_flag(M, MTE1, 0); }
      set_flag(M, FIX, 0);
      wait_flag(M, FIX, 0);
      FIX fixpipe c_gm[r*C +: C] <- c_l0;
      if (r + 1 < rounds) { set_flag(FIX, M, 0); }
    }
  }
}
