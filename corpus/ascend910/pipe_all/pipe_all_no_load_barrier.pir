// Debug-style PIPE_ALL kernel on the 910, bug: the pipe_barrier(ALL) after the load was deleted,
// so the vector steps may read x_ub (and vmax may write it) while MTE2 is still loading the tile.
// Same verdict under ascend910b2.
// bug-class: missing-pipe-barrier
// expect: raw-hazard@19 raw-hazard@21 waw-hazard@21
// expect(--model ascend910b2): raw-hazard@19 raw-hazard@21 waw-hazard@21
model "ascend910";
param tiles in 1..4;
const TILE = 4096;

buffer x_gm : GM[tiles * TILE];
buffer y_gm : GM[tiles * TILE];
buffer x_ub : UB[TILE];
buffer t_ub : UB[TILE];

kernel leaky_relu_debug {
  for i in 0..tiles {
    MTE2 copy_gm_to_ubuf x_ub <- x_gm[i*TILE +: TILE];
    V vmuls t_ub <- x_ub;                     // t = alpha * x
    pipe_barrier(V);
    V vmax x_ub <- x_ub, t_ub;                // y = max(x, alpha * x)
    pipe_barrier(ALL);
    MTE3 copy_ubuf_to_gm y_gm[i*TILE +: TILE] <- x_ub;
    pipe_barrier(ALL);
  }
}
