// Cube matmul on the 910 with two K-steps per L0 load and a 16 x 64 output tile, bug: the
// pipe_barrier(M) between the two accumulating mmads is missing. The tile is 4 fractals of L0C,
// below the 10 from which the cube orders an Mmad by itself, so the second mmad may read and write
// L0C while the first is still accumulating into it (RAW and WAW inside the M pipe).
// bug-class: missing-pipe-barrier
// expect: raw-hazard@33 raw-hazard@33 waw-hazard@33 waw-hazard@33
model "ascend910";
param ktiles in 1..3;
const HALF_A = 8192;
const HALF_B = 8192;
const C_SIZE = 4096;

buffer a_gm : GM[ktiles * 2 * HALF_A];
buffer b_gm : GM[ktiles * 2 * HALF_B];
buffer c_gm : GM[C_SIZE];
buffer a_l0 : L0A[2 * HALF_A];
buffer b_l0 : L0B[2 * HALF_B];
buffer c_l0 : L0C[C_SIZE];
buffer c_ub : UB[C_SIZE];

kernel matmul_split_k {
  for k in 0..ktiles {
    if (k > 0) { wait_flag(M, MTE2, 0); }
    MTE2 load_gm_to_ca a_l0 <- a_gm[k*2*HALF_A +: 2*HALF_A];
    MTE2 load_gm_to_cb b_l0 <- b_gm[k*2*HALF_B +: 2*HALF_B];
    set_flag(MTE2, M, 0);
    wait_flag(MTE2, M, 0);
    if (k == 0) {
      M mmad c_l0 <- a_l0[0 +: HALF_A], b_l0[0 +: HALF_B];
    } else {
      M mmad c_l0 <- a_l0[0 +: HALF_A], b_l0[0 +: HALF_B], c_l0;
    }
    M mmad c_l0 <- a_l0[HALF_A +: HALF_A], b_l0[HALF_B +: HALF_B], c_l0;
    if (k < ktiles - 1) { set_flag(M, MTE2, 0); }
  }
  set_flag(M, V, 0);
  wait_flag(M, V, 0);
  V copy_matrix_cc_to_ubuf c_ub <- c_l0;
  set_flag(V, MTE3, 0);
  wait_flag(V, MTE3, 0);
  MTE3 copy_ubuf_to_gm c_gm <- c_ub;
}
