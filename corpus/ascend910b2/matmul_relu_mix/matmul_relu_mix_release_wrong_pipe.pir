// MatmulLeakyRelu mixed kernel, bug: the AIVs signal "workspace consumed" from the MTE3 pipe
// instead of MTE2: a cross-core set only covers earlier work of its own pipe, so the AIC fixpipe
// of block r+1 may overwrite the workspace while an AIV's MTE2 still reads block r.

// bug-class: wrong-flag-unit
// expect: raw-hazard@54
model "ascend910b2";
param rounds in 1..3;             // blocks per core from the tiling data
const A_TILE = 16384;
const B_TILE = 16384;
const C_SIZE = 65536;
const HALF = 32768;

buffer a_gm   : GM[rounds * A_TILE];
buffer b_gm   : GM[B_TILE];
buffer work_gm : GM[C_SIZE];      // workspace between the cube and the vector cores
buffer out_gm : GM[rounds * C_SIZE];
buffer a_l1   : L1[A_TILE];
buffer b_l1   : L1[B_TILE];
buffer a_l0   : L0A[A_TILE];
buffer b_l0   : L0B[B_TILE];
buffer c_l0   : L0C[C_SIZE];
buffer c_ub   : UB[HALF];

kernel matmul_relu {
  core aic : AIC {
    for r in 0..rounds {
      if (r > 0) { wait_flag(MTE1, MTE2, 0); }
      MTE2 copy_gm_to_cbuf a_l1 <- a_gm[r*A_TILE +: A_TILE];
      MTE2 copy_gm_to_cbuf b_l1 <- b_gm;
      set_flag(MTE2, MTE1, 0);
      wait_flag(MTE2, MTE1, 0);
      if (r > 0) { wait_flag(M, MTE1, 0); }
      MTE1 load_cbuf_to_ca a_l0 <- a_l1;
      MTE1 load_cbuf_to_cb b_l0 <- b_l1;
      if (r < rounds - 1) { set_flag(MTE1, MTE2, 0); }
      set_flag(MTE1, M, 0);
      wait_flag(MTE1, M, 0);
      if (r > 0) { wait_flag(FIX, M, 0); }
      M mmad c_l0 <- a_l0, b_l0;
      if (r < rounds - 1) { set_flag(M, MTE1, 0); }
      set_flag(M, FIX, 0);
      wait_flag(M, FIX, 0);
      if (r > 0) { cross_core_wait_flag(FIX, 2, 1); }   // both AIVs have read the last block
      FIX fixpipe work_gm <- c_l0;
      if (r < rounds - 1) { set_flag(FIX, M, 0); }
      cross_core_set_flag(FIX, 2, 0);                     // block r is in the workspace
    }
  }
  core aiv[2] : AIV {
    for r in 0..rounds {
      cross_core_wait_flag(MTE2, 2, 0);
      if (r > 0) { wait_flag(MTE3, MTE2, 0); }
      MTE2 copy_gm_to_ubuf c_ub <- work_gm[coreid*HALF +: HALF];
      if (r < rounds - 1) { cross_core_set_flag(MTE3, 2, 1); }   // wrong pipe: MTE3 has not read anything
      set_flag(MTE2, V, 0);
      wait_flag(MTE2, V, 0);
      V vrelu c_ub <- c_ub;
      set_flag(V, MTE3, 0);
      wait_flag(V, MTE3, 0);
      MTE3 copy_ubuf_to_gm out_gm[r*C_SIZE + coreid*HALF +: HALF] <- c_ub;
      if (r < rounds - 1) { set_flag(MTE3, MTE2, 0); }
    }
  }
}

