// A debug-style PIPE_ALL kernel on the 910, bug: the pipe_barrier(ALL) after the store was
// narrowed to pipe_barrier(MTE3), which only orders the MTE3 pipe against itself: the load of the
// next tile may overwrite x_ub while MTE3 is still storing it.
// bug-class: wrong-flag-unit
// expect: war-hazard@18
// expect(--model ascend910b2): war-hazard@18
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
    pipe_barrier(MTE3);
  }
}
