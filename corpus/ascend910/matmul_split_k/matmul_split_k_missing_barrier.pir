// Cube matmul on the 910 with two K-steps per L0 load, without the pipe_barrier(M) between the two
// accumulating mmads. Not a bug: the output tile is 64 KiB of L0C, far above the 10 fractals
// (10,240 bytes) from which the cube pipe orders an Mmad after the previous one by itself.
// matmul_split_k_small_tile_missing_barrier.pir is the bug.
// bug-class: none
// expect: clean
model "ascend910";
param ktiles in 1..3;
const HALF_A = 8192;
const HALF_B = 8192;
const C_SIZE = 65536;

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
