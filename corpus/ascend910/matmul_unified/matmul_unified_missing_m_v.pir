// Matmul with a vector epilogue on the 910, bug: the M->V flag pair before the L0C drain is
// missing, so copy_matrix_cc_to_ubuf may read L0C while the last mmad of the block (the first and
// only one when ktiles = 1) is still accumulating into it.
// bug-class: missing-flag-pair
// expect: raw-hazard@53 raw-hazard@53 flag-overrun@54 flag-overrun@54
model "ascend910";
param ktiles in 1..3;
param blocks in 1..3;
const A_TILE = 16384;
const B_TILE = 16384;
const C_SIZE = 65536;

buffer a_gm : GM[blocks * ktiles * A_TILE];
buffer b_gm : GM[ktiles * B_TILE];
buffer c_gm : GM[blocks * C_SIZE];
buffer a_l1 : L1[2][A_TILE];
buffer b_l1 : L1[2][B_TILE];
buffer a_l0 : L0A[2][A_TILE];
buffer b_l0 : L0B[2][B_TILE];
buffer c_l0 : L0C[C_SIZE];
buffer c_ub : UB[C_SIZE];

kernel matmul_v_epilogue {
  set_flag(MTE1, MTE2, 0);
  set_flag(MTE1, MTE2, 1);
  set_flag(M, MTE1, 0);
  set_flag(M, MTE1, 1);
  set_flag(V, M, 0);                  // L0C starts free
  set_flag(MTE3, V, 0);               // c_ub starts free
  for blk in 0..blocks {
    for k in 0..ktiles {
      let s = k % 2;
      wait_flag(MTE1, MTE2, s);
      MTE2 load_gm_to_cbuf a_l1[s] <- a_gm[(blk*ktiles + k)*A_TILE +: A_TILE];
      MTE2 load_gm_to_cbuf b_l1[s] <- b_gm[k*B_TILE +: B_TILE];
      set_flag(MTE2, MTE1, s);
      wait_flag(MTE2, MTE1, s);
      wait_flag(M, MTE1, s);
      MTE1 load_cbuf_to_ca a_l0[s] <- a_l1[s];
      MTE1 load_cbuf_to_cb b_l0[s] <- b_l1[s];
      set_flag(MTE1, MTE2, s);
      set_flag(MTE1, M, s);
      wait_flag(MTE1, M, s);
      if (k == 0) {
        wait_flag(V, M, 0);                         // the previous block has left L0C
        M mmad c_l0 <- a_l0[s], b_l0[s];
      } else {
        M mmad c_l0 <- a_l0[s], b_l0[s], c_l0;
      }
      set_flag(M, MTE1, s);
    }
    wait_flag(MTE3, V, 0);
    V copy_matrix_cc_to_ubuf c_ub <- c_l0;
    set_flag(V, M, 0);
    set_flag(V, MTE3, 0);
    wait_flag(V, MTE3, 0);
    MTE3 copy_ubuf_to_gm c_gm[blk*C_SIZE +: C_SIZE] <- c_ub;
    set_flag(MTE3, V, 0);
  }
  wait_flag(MTE1, MTE2, 0);
  wait_flag(MTE1, MTE2, 1);
  wait_flag(M, MTE1, 0);
  wait_flag(M, MTE1, 1);
  wait_flag(V, M, 0);
  wait_flag(MTE3, V, 0);
}

