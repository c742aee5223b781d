// Row softmax with the row resident in UB on the 910, bug: the pipe_barrier(V) between vexp and
// the vcadd that sums its result was dropped, so the sum may read x_ub before vexp wrote it.
// Under ascend910b2 the 224 KiB row does not fit in UB, which is reported as well.
// bug-class: missing-pipe-barrier
// expect: raw-hazard@26
// expect(--model ascend910b2): out-of-bounds@12 raw-hazard@26
model "ascend910";
const ROW = 229376;

buffer x_gm  : GM[ROW];
buffer y_gm  : GM[ROW];
buffer x_ub  : UB[ROW];
buffer red   : UB[64];

kernel softmax_row {
  MTE2 copy_gm_to_ubuf x_ub <- x_gm;
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vmax red[0 +: 32] <- x_ub;
  set_flag(V, S, 0);
  wait_flag(V, S, 0);
  S get_value <- red[0 +: 4];                 // row max, broadcast as a scalar operand
  V vadds x_ub <- x_ub;                       // x - max
  pipe_barrier(V);
  V vexp x_ub <- x_ub;
  V vcadd red[32 +: 32] <- x_ub;
  set_flag(V, S, 1);
  wait_flag(V, S, 1);
  S get_value <- red[32 +: 4];                // row sum
  V vmuls x_ub <- x_ub;                       // * 1/sum
  set_flag(V, MTE3, 0);
  wait_flag(V, MTE3, 0);
  MTE3 copy_ubuf_to_gm y_gm <- x_ub;
}
