// Flash attention (AIC + 2 AIVs), bug: the AIVs signal "P ready" with cross-core mode 1 (between
// the AIVs of the AI core) instead of mode 2: the cube, waiting on flag 1 in mode 2, never gets a
// count (deadlock), and the mode-1 counts are never taken by anyone.
// bug-class: cross-core-flag
// expect: deadlock@70 unmatched-signal@112
model "ascend910b2";
param kv in 1..3;                 // KV blocks from the tiling data
const QT = 8192;                  // Q block (64 x 64 half)
const KT = 8192;                  // K block
const VT = 8192;                  // V block
const ST = 16384;                 // S block (64 x 64 float) in L0C and GM
const PT = 8192;                  // P block (64 x 64 half)
const OT = 16384;                 // O block (64 x 64 float)
const HS = ST / 2;                // each AIV takes half of the rows
const HP = PT / 2;
const HO = OT / 2;

buffer q_gm   : GM[QT];
buffer k_gm   : GM[kv * KT];
buffer v_gm   : GM[kv * VT];
buffer out_gm : GM[OT];           // output accumulator, updated in place per KV block
buffer s_ws   : GM[2][ST];        // workspaces between the cube and the vector cores
buffer p_ws   : GM[2][PT];
buffer o_ws   : GM[2][OT];
buffer q_l1   : L1[QT];
buffer k_l1   : L1[KT];
buffer p_l1   : L1[PT];
buffer v_l1   : L1[VT];
buffer q_l0   : L0A[QT];
buffer p_l0   : L0A[PT];
buffer k_l0   : L0B[KT];
buffer v_l0   : L0B[VT];
buffer s_l0   : L0C[ST];
buffer o_l0   : L0C[OT];
buffer s_ub   : UB[HS];
buffer m_ub   : UB[64];
buffer p_ub   : UB[HP];
buffer o_ub   : UB[HO];
buffer prev_ub : UB[HO];
buffer acc_ub : UB[HO];

kernel flash_attention {
  core aic : AIC {
    MTE2 copy_gm_to_cbuf q_l1 <- q_gm;
    set_flag(MTE2, MTE1, 0);
    wait_flag(MTE2, MTE1, 0);
    MTE1 load_cbuf_to_ca q_l0 <- q_l1;        // Q stays in L0A
    for j in 0..kv + 1 {
      if (j < kv) {                           // S_j = Q K_j^T
        if (j > 0) { wait_flag(MTE1, MTE2, 1); }
        MTE2 copy_gm_to_cbuf k_l1 <- k_gm[j*KT +: KT];
        set_flag(MTE2, MTE1, 1);
        wait_flag(MTE2, MTE1, 1);
        if (j > 0) { wait_flag(M, MTE1, 0); }
        MTE1 load_cbuf_to_cb k_l0 <- k_l1;
        if (j < kv - 1) { set_flag(MTE1, MTE2, 1); }
        set_flag(MTE1, M, 0);
        wait_flag(MTE1, M, 0);
        if (j > 0) { wait_flag(FIX, M, 0); }
        M mmad s_l0 <- q_l0, k_l0;
        if (j < kv - 1) { set_flag(M, MTE1, 0); }
        set_flag(M, FIX, 0);
        wait_flag(M, FIX, 0);
        FIX fixpipe s_ws[j % 2] <- s_l0;
        if (j < kv - 1) { set_flag(FIX, M, 0); }
        cross_core_set_flag(FIX, 2, 0);       // S_j ready
      }
      if (j > 0) {                            // O_jb = P_jb V_jb, one block behind
        let jb = j - 1;
        cross_core_wait_flag(MTE2, 2, 1);     // P_jb ready on both AIVs
        if (jb > 0) { wait_flag(MTE1, MTE2, 3); }
        MTE2 copy_gm_to_cbuf p_l1 <- p_ws[jb % 2];
        MTE2 copy_gm_to_cbuf v_l1 <- v_gm[jb*VT +: VT];
        set_flag(MTE2, MTE1, 2);
        wait_flag(MTE2, MTE1, 2);
        if (jb > 0) { wait_flag(M, MTE1, 1); }
        MTE1 load_cbuf_to_ca p_l0 <- p_l1;
        MTE1 load_cbuf_to_cb v_l0 <- v_l1;
        if (jb < kv - 1) { set_flag(MTE1, MTE2, 3); }
        set_flag(MTE1, M, 1);
        wait_flag(MTE1, M, 1);
        if (jb > 0) { wait_flag(FIX, M, 1); }
        M mmad o_l0 <- p_l0, v_l0;
        if (jb < kv - 1) { set_flag(M, MTE1, 1); }
        set_flag(M, FIX, 1);
        wait_flag(M, FIX, 1);
        FIX fixpipe o_ws[jb % 2] <- o_l0;
        if (jb < kv - 1) { set_flag(FIX, M, 1); }
        cross_core_set_flag(FIX, 2, 2);       // O_jb ready
      }
    }
  }
  core aiv[2] : AIV {
    for j in 0..kv + 1 {
      if (j < kv) {                           // P_j = exp(S_j - rowmax), this AIV's half
        cross_core_wait_flag(MTE2, 2, 0);     // S_j ready
        if (j > 0) { wait_flag(V, MTE2, 0); }
        MTE2 copy_gm_to_ubuf s_ub <- s_ws[j % 2][coreid*HS +: HS];
        set_flag(MTE2, V, 0);
        wait_flag(MTE2, V, 0);
        V vmax m_ub <- s_ub;
        pipe_barrier(V);
        if (j > 0) { wait_flag(MTE3, V, 0); }
        V vsub p_ub <- s_ub, m_ub;
        pipe_barrier(V);
        V vexp p_ub <- p_ub;
        if (j < kv - 1) { set_flag(V, MTE2, 0); }
        set_flag(V, MTE3, 0);
        wait_flag(V, MTE3, 0);
        MTE3 copy_ubuf_to_gm p_ws[j % 2][coreid*HP +: HP] <- p_ub;
        if (j < kv - 1) { set_flag(MTE3, V, 0); }
        cross_core_set_flag(MTE3, 1, 1);      // P_j ready (wrong mode)
      }
      if (j > 0) {                            // out = out * alpha + O_jb, this AIV's half
        let jb = j - 1;
        cross_core_wait_flag(MTE2, 2, 2);     // O_jb ready
        if (jb > 0) { wait_flag(V, MTE2, 1); }
        MTE2 copy_gm_to_ubuf o_ub <- o_ws[jb % 2][coreid*HO +: HO];
        if (jb > 0) {
          wait_flag(MTE3, MTE2, 3);           // the accumulator of jb-1 has landed in GM
          MTE2 copy_gm_to_ubuf prev_ub <- out_gm[coreid*HO +: HO];
        }
        set_flag(MTE2, V, 1);
        wait_flag(MTE2, V, 1);
        if (jb > 0) { wait_flag(MTE3, V, 1); }
        if (jb == 0) {
          V vadds acc_ub <- o_ub;
        } else {
          V vmuls prev_ub <- prev_ub;         // rescale by exp(m_old - m_new)
          pipe_barrier(V);
          V vadd acc_ub <- prev_ub, o_ub;
        }
        if (jb < kv - 1) { set_flag(V, MTE2, 1); }
        set_flag(V, MTE3, 1);
        wait_flag(V, MTE3, 1);
        MTE3 copy_ubuf_to_gm out_gm[coreid*HO +: HO] <- acc_ub;
        if (jb < kv - 1) {
          set_flag(MTE3, MTE2, 3);
          set_flag(MTE3, V, 1);
        }
      }
    }
  }
}
