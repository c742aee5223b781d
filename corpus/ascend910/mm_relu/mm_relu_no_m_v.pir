// MatMul + ReLU on the 910, bug: the M->V hand-off before the vector pipe drains L0C is missing,
// so copy_matrix_cc_to_ubuf may read L0C while mmad is still writing it, and V may release L0C
// (set_flag(V, M, 0)) again before M has taken the previous release.
// bug-class: missing-flag-pair
// expect: flag-overrun@31 raw-hazard@30
model "ascend910";
param blocks in 1..4;             // output blocks from the tiling data
const A = 8192;                   // 64 x 64 half
const C = 16384;                  // 64 x 64 float

buffer a_gm : GM[blocks * A];
buffer b_gm : GM[A];
buffer c_gm : GM[blocks * C];
buffer a_l0 : L0A[A];
buffer b_l0 : L0B[A];
buffer c_l0 : L0C[C];
buffer c_ub : UB[C];

kernel mm_relu {
  MTE2 load_gm_to_cb b_l0 <- b_gm;            // B is shared by every block
  for i in 0..blocks {
    if (i > 0) { wait_flag(M, MTE2, 0); }     // the mmad of block i-1 has read a_l0
    MTE2 load_gm_to_ca a_l0 <- a_gm[i*A +: A];
    set_flag(MTE2, M, 0);
    wait_flag(MTE2, M, 0);
    if (i > 0) { wait_flag(V, M, 0); }        // V has drained block i-1 from L0C
    M mmad c_l0 <- a_l0, b_l0;
    if (i + 1 < blocks) { set_flag(M, MTE2, 0); }
    if (i > 0) { wait_flag(MTE3, V, 0); }     // the store of block i-1 has read c_ub
    V copy_matrix_cc_to_ubuf c_ub <- c_l0;
    if (i + 1 < blocks) { set_flag(V, M, 0); }
    pipe_barrier(V);
    V vrelu c_ub <- c_ub;
    set_flag(V, MTE3, 0);
    wait_flag(V, MTE3, 0);
    MTE3 copy_ubuf_to_gm c_gm[i*C +: C] <- c_ub;
    if (i + 1 < blocks) { set_flag(MTE3, V, 0); }
  }
}
