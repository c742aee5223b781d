// Quantized matmul (AIC + 2 AIVs), bug: the AIVs count "block ready" from the V pipe
// (cross_core_set_flag(V, 2, 4)): a cross-core set only waits for earlier work of its own pipe, so
// it may fire before the MTE3 store of the int8 half has reached the GM workspace.
// bug-class: wrong-flag-unit
// expect: raw-hazard@53
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
      cross_core_set_flag(V, 2, 4);           // wrong unit: the store is on MTE3
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
