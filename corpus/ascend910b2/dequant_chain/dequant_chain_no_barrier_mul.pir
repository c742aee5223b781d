// AscendDequant, bug: the pipe_barrier(V) between the half -> float vconv and the vmul by the
// scale was dropped, so vmul may read and write y_ub while vconv is still writing it. (The
// barrier between the two vconvs would be redundant: the V->MTE2 release between them orders them.)
// bug-class: missing-pipe-barrier
// expect: raw-hazard@37 waw-hazard@37
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
  set_flag(MTE2, V, 2);
  wait_flag(MTE2, V, 2);
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
