// A debug-style kernel on the 910 that synchronizes every phase with pipe_barrier(ALL) (PIPE_ALL)
// instead of event flags: load, leaky relu in three vector steps, store, one tile per iteration.
// Slow but correct under both models: PIPE_ALL drains every pipe before any continues.
// bug-class: none
// expect: clean
// expect(--model ascend910b2): clean
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
    pipe_barrier(ALL);
    V vmuls t_ub <- x_ub;                     // t = alpha * x
    pipe_barrier(V);
    V vmax x_ub <- x_ub, t_ub;                // y = max(x, alpha * x)
    pipe_barrier(ALL);
    MTE3 copy_ubuf_to_gm y_gm[i*TILE +: TILE] <- x_ub;
    pipe_barrier(ALL);
  }
}
