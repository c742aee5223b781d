// AscendDequant, bug: the scale hand-off reuses EVENT_ID0 of the ping slot and its wait was moved
// into the loop next to the first vmul: the tile-0 wait is taken by the scale set, so the first vconv
// may read x_ub before the tile has landed, and from then on the MTE2->V id-0 channel runs one set
// ahead of its waits (flag overruns at tiles 0 and 2); the V->MTE2 release of tile 0 then no
// longer covers tile 0's copy, which tile 2's copy may overtake in the MTE2 pipe (WAW).
// bug-class: flag-overrun
// expect: flag-overrun@31 flag-overrun@31 raw-hazard@33 waw-hazard@30
model "ascend910b2";
param tiles in 1..6;              // tile count from the tiling data
const N = 2048;                   // elements per tile

buffer x_gm     : GM[tiles * N];          // int8
buffer y_gm     : GM[tiles * N * 4];      // float
buffer scale_gm : GM[N * 4];
buffer x_ub     : UB[2][N];
buffer h_ub     : UB[N * 2];              // half intermediate
buffer y_ub     : UB[2][N * 4];
buffer scale_ub : UB[N * 4];

kernel dequant {
  MTE2 copy_gm_to_ubuf scale_ub <- scale_gm;
  set_flag(MTE2, V, 0);                       // EVENT_ID0, shared with the ping slot
  set_flag(V, MTE2, 0);
  set_flag(V, MTE2, 1);
  set_flag(MTE3, V, 0);
  set_flag(MTE3, V, 1);
  for i in 0..tiles {
    let s = i % 2;
    wait_flag(V, MTE2, s);
    MTE2 copy_gm_to_ubuf x_ub[s] <- x_gm[i*N +: N];
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    V vconv h_ub <- x_ub[s];                  // int8 -> half
    set_flag(V, MTE2, s);                     // x_ub[s] may be refilled
    pipe_barrier(V);
    wait_flag(MTE3, V, s);
    V vconv y_ub[s] <- h_ub;                  // half -> float
    pipe_barrier(V);
    if (i == 0) { wait_flag(MTE2, V, 0); }   // the scale has landed
    V vmul y_ub[s] <- y_ub[s], scale_ub;      // * scale
    set_flag(V, MTE3, s);
    wait_flag(V, MTE3, s);
    MTE3 copy_ubuf_to_gm y_gm[i*N*4 +: N*4] <- y_ub[s];
    set_flag(MTE3, V, s);
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
  wait_flag(MTE3, V, 0);
  wait_flag(MTE3, V, 1);
}
