// RMSNorm ported from A2, bug for the 910: the V->V event keeps the A2 id 5; the 910 has ids 0-3
// per channel, so both set_flag(V, V, 5) and wait_flag(V, V, 5) are rejected and the dependent
// vector steps are left unordered. On ascend910b2 (ids 0-7) the same kernel is clean.
// bug-class: event-id-range
// expect: bad-event-id@27 bad-event-id@28 bad-event-id@35 bad-event-id@36 raw-hazard@29 raw-hazard@37 waw-hazard@37
// expect(--model ascend910b2): clean
model "ascend910";
param rows in 1..4;
const ROW = 8192;

buffer x_gm : GM[rows * ROW];
buffer g_gm : GM[ROW];
buffer y_gm : GM[rows * ROW];
buffer x_ub : UB[ROW];
buffer g_ub : UB[ROW];
buffer sq_ub : UB[ROW];
buffer red  : UB[32];

kernel rmsnorm {
  MTE2 copy_gm_to_ubuf g_ub <- g_gm;
  for r in 0..rows {
    if (r > 0) { wait_flag(MTE3, MTE2, 0); }
    MTE2 copy_gm_to_ubuf x_ub <- x_gm[r*ROW +: ROW];
    set_flag(MTE2, V, 0);
    wait_flag(MTE2, V, 0);
    V vmul sq_ub <- x_ub, x_ub;
    set_flag(V, V, 5);
    wait_flag(V, V, 5);
    V vcadd red <- sq_ub;
    set_flag(V, S, 0);
    wait_flag(V, S, 0);
    S get_value <- red[0 +: 4] as rstd;       // rsqrt(sum / n) on the scalar unit
    use rstd;                                 // vmuls's scalar operand: the read has ended
    V vmuls x_ub <- x_ub;
    set_flag(V, V, 5);
    wait_flag(V, V, 5);
    V vmul x_ub <- x_ub, g_ub;
    set_flag(V, MTE3, 0);
    wait_flag(V, MTE3, 0);
    MTE3 copy_ubuf_to_gm y_gm[r*ROW +: ROW] <- x_ub;
    if (r < rows - 1) { set_flag(MTE3, MTE2, 0); }
  }
}
