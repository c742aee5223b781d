// RMSNorm on the 910, bug: the scalar unit reads the mean square, but nothing needs the value
// before the next row's vcadd is issued (no `use`, no S->V pair): the scalar read may still be in
// flight when vcadd overwrites red (rule 10; rmsnorm_vv_event.pir uses the value in vmuls first).
// bug-class: missing-flag-pair
// expect: war-hazard@29
// expect(--model ascend910b2): war-hazard@29
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
    set_flag(V, V, 1);
    wait_flag(V, V, 1);
    V vcadd red <- sq_ub;
    set_flag(V, S, 0);
    wait_flag(V, S, 0);
    S get_value <- red[0 +: 4];               // rsqrt(sum / n), kept for a later row
    V vmuls x_ub <- x_ub;                     // with the previous row's factor
    set_flag(V, V, 1);
    wait_flag(V, V, 1);
    V vmul x_ub <- x_ub, g_ub;
    set_flag(V, MTE3, 0);
    wait_flag(V, MTE3, 0);
    MTE3 copy_ubuf_to_gm y_gm[r*ROW +: ROW] <- x_ub;
    if (r < rows - 1) { set_flag(MTE3, MTE2, 0); }
  }
}
