// LayerNorm, bug: the V->S hand-off before the scalar reads the sum of squares was dropped,
// so GetValue may read red_ub before vcadd has written the variance, and without that wait on S
// the next row's vcadd may overwrite red_ub while a scalar read is still in flight (WAR).
// bug-class: scalar-no-sync
// expect: raw-hazard@47 war-hazard@36
model "ascend910b2";
param rows in 1..5;               // rows per core from the tiling data
const ROW = 4096;                 // 1024 floats

buffer x_gm     : GM[rows * ROW];
buffer y_gm     : GM[rows * ROW];
buffer gamma_gm : GM[ROW];
buffer beta_gm  : GM[ROW];
buffer x_ub     : UB[2][ROW];
buffer y_ub     : UB[2][ROW];
buffer g_ub     : UB[ROW];
buffer b_ub     : UB[ROW];
buffer xc_ub    : UB[ROW];
buffer red_ub   : UB[64];         // [0, 32): sum(x), [32, 64): sum(xc^2)

kernel layernorm {
  MTE2 copy_gm_to_ubuf g_ub <- gamma_gm;
  MTE2 copy_gm_to_ubuf b_ub <- beta_gm;
  set_flag(MTE2, V, 2);                       // gamma and beta are resident
  wait_flag(MTE2, V, 2);
  set_flag(V, MTE2, 0);
  set_flag(V, MTE2, 1);
  set_flag(MTE3, V, 0);
  set_flag(MTE3, V, 1);
  for i in 0..rows {
    let s = i % 2;
    wait_flag(V, MTE2, s);
    MTE2 copy_gm_to_ubuf x_ub[s] <- x_gm[i*ROW +: ROW];
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    V vcadd red_ub[0 +: 32] <- x_ub[s];       // sum(x)
    set_flag(V, S, 0);
    wait_flag(V, S, 0);
    S get_value <- red_ub[0 +: 4];            // mean = sum / n
    V vadds xc_ub <- x_ub[s];                 // xc = x - mean
    set_flag(V, MTE2, s);                     // x_ub[s] may be refilled
    pipe_barrier(V);
    wait_flag(MTE3, V, s);
    V vmul y_ub[s] <- xc_ub, xc_ub;           // xc^2
    pipe_barrier(V);
    V vcadd red_ub[32 +: 32] <- y_ub[s];      // sum(xc^2)
    S get_value <- red_ub[32 +: 4];           // rstd = 1 / sqrt(var + eps)
    V vmuls y_ub[s] <- xc_ub;                 // xc * rstd
    pipe_barrier(V);
    V vmul y_ub[s] <- y_ub[s], g_ub;          // * gamma
    pipe_barrier(V);
    V vadd y_ub[s] <- y_ub[s], b_ub;          // + beta
    set_flag(V, MTE3, s);
    wait_flag(V, MTE3, s);
    MTE3 copy_ubuf_to_gm y_gm[i*ROW +: ROW] <- y_ub[s];
    set_flag(MTE3, V, s);
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
  wait_flag(MTE3, V, 0);
  wait_flag(MTE3, V, 1);
}
