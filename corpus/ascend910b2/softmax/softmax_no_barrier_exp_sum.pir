// Row softmax, bug: the pipe_barrier(V) between Exp and ReduceSum was dropped, so vcadd may sum
// y_ub before vexp has written it (the V pipe does not order dependent instructions by itself).
// The other barriers still order everything else.
// bug-class: missing-pipe-barrier
// expect: raw-hazard@34
model "ascend910b2";
param rows in 1..6;               // rows per core from the tiling data
const ROW = 8192;                 // one row of 2048 floats

buffer x_gm   : GM[rows * ROW];
buffer y_gm   : GM[rows * ROW];
buffer x_ub   : UB[2][ROW];
buffer y_ub   : UB[2][ROW];
buffer max_ub : UB[32];
buffer sum_ub : UB[32];

kernel softmax {
  set_flag(V, MTE2, 0);
  set_flag(V, MTE2, 1);
  set_flag(MTE3, V, 0);
  set_flag(MTE3, V, 1);
  for i in 0..rows {
    let ev = 1 - (i % 2 == 0);                // (i % 2 == 0) ? EVENT_ID0 : EVENT_ID1
    wait_flag(V, MTE2, ev);
    MTE2 copy_gm_to_ubuf x_ub[ev] <- x_gm[i*ROW +: ROW];
    set_flag(MTE2, V, ev);
    wait_flag(MTE2, V, ev);
    wait_flag(MTE3, V, ev);
    V vmax max_ub <- x_ub[ev];                // ReduceMax
    pipe_barrier(V);
    V vsub y_ub[ev] <- x_ub[ev], max_ub;      // Sub (broadcast max)
    pipe_barrier(V);
    V vexp y_ub[ev] <- y_ub[ev];              // Exp
    V vcadd sum_ub <- y_ub[ev];               // ReduceSum
    pipe_barrier(V);
    V vdiv y_ub[ev] <- y_ub[ev], sum_ub;      // Div (broadcast sum)
    set_flag(V, MTE2, ev);                    // x_ub[ev] may be refilled
    set_flag(V, MTE3, ev);                    // y_ub[ev] is ready
    wait_flag(V, MTE3, ev);
    MTE3 copy_ubuf_to_gm y_gm[i*ROW +: ROW] <- y_ub[ev];
    set_flag(MTE3, V, ev);                    // y_ub[ev] may be overwritten
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
  wait_flag(MTE3, V, 0);
  wait_flag(MTE3, V, 1);
}
