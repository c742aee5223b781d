// RMSNorm on one 910 AI core: y = x * rsqrt(mean(x^2)) * g. The dependent vector steps are ordered
// with the V->V event (set_flag/wait_flag(V, V, 1)) instead of pipe_barrier(V), which the
// vendor allows for the V pipe; the scalar unit reads the mean square after a V->S flag, and
// vmuls takes the value as its scalar operand, so the issuer waits for the read (rule 10) and the
// next row's vcadd cannot overwrite red under it with no S->V pair (rmsnorm_value_unused.pir).
// bug-class: none
// expect: clean
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
    set_flag(V, V, 1);
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
