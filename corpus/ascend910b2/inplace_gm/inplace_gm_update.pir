// In-place GM update on one AIV: x = x * a + b applied `steps` times to the same GM tensor, tile by
// tile; the MTE3 store of a tile in one step must end before the MTE2 load of the same GM bytes in
// the next step (MTE3->MTE2 flag), which also frees the single UB buffers.
// bug-class: none
// expect: clean
model "ascend910b2";
param steps in 1..3;
param tiles in 1..3;
const TILE = 4096;

buffer x_gm : GM[tiles * TILE];
buffer x_ub : UB[TILE];
buffer y_ub : UB[TILE];

kernel inplace_axpb {
  set_flag(MTE3, MTE2, 0);            // the buffers start free
  for pass in 0..steps {
    for t in 0..tiles {
      wait_flag(MTE3, MTE2, 0);
      MTE2 copy_gm_to_ubuf x_ub <- x_gm[t*TILE +: TILE];
      set_flag(MTE2, V, 0);
      wait_flag(MTE2, V, 0);
      V vmuls y_ub <- x_ub;
      pipe_barrier(V);
      V vadds y_ub <- y_ub;
      set_flag(V, MTE3, 0);
      wait_flag(V, MTE3, 0);
      MTE3 copy_ubuf_to_gm x_gm[t*TILE +: TILE] <- y_ub;
      set_flag(MTE3, MTE2, 0);
    }
  }
  wait_flag(MTE3, MTE2, 0);
}
