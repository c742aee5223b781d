// RMSNorm on the 910, bug: the V->V event that should order x^2 before its sum is set before the
// vmul that produces sq_ub: the set covers only earlier vector work, so vcadd may read sq_ub
// before vmul has written it. Same verdict under ascend910b2.
// bug-class: signal-before-producer
// expect: raw-hazard@29
// expect(--model ascend910b2): raw-hazard@29
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
    set_flag(V, V, 1);                        // too early: the vmul below produces sq_ub
    V vmul sq_ub <- x_ub, x_ub;
    wait_flag(V, V, 1);
    V vcadd red <- sq_ub;
    set_flag(V, S, 0);
    wait_flag(V, S, 0);
    S get_value <- red[0 +: 4] as rstd;       // rsqrt(sum / n) on the scalar unit
    use rstd;                                 // vmuls's scalar operand: the read has ended
    V vmuls x_ub <- x_ub;
    set_flag(V, V, 1);
    wait_flag(V, V, 1);
    V vmul x_ub <- x_ub, g_ub;
    set_flag(V, MTE3, 0);
    wait_flag(V, MTE3, 0);
    MTE3 copy_ubuf_to_gm y_gm[r*ROW +: ROW] <- x_ub;
    if (r < rows - 1) { set_flag(MTE3, MTE2, 0); }
  }
}
