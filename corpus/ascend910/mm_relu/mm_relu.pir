// MatMul + ReLU for one 64x64 block per iteration on the first-generation 910's unified AI core:
// MTE2 loads A and B straight into L0A/L0B, M multiplies into L0C, the vector pipe drains L0C into
// UB (it can read L0C on this chip, which has no fixpipe), applies relu, and MTE3 stores the block.
// On ascend910b2 the same file is rejected unit by unit: its default core (AIV) has no M pipe, its
// MTE2 cannot write L0A/L0B and its V cannot read L0C.
// bug-class: none
// expect: clean
// expect(--model ascend910b2): bad-unit@23 bad-unit@25 waw-hazard@26 bad-unit@26 bad-unit@27 bad-unit@28 bad-unit@29 bad-unit@30 bad-unit@31 bad-unit@32 bad-unit@33 bad-unit@35 bad-unit@36
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
    set_flag(M, V, 0);
    wait_flag(M, V, 0);
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
