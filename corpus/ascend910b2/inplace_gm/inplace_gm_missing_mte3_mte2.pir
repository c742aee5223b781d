// In-place GM update, bug: the UB buffers are released with V->MTE2 and MTE3->V flags, but nothing
// orders the MTE3 store of a tile before the MTE2 load of the same GM bytes in the next step, so
// the load may read the tile before the previous step's result has landed in GM.
// bug-class: gm-inplace
// expect: raw-hazard@21
model "ascend910b2";
param steps in 1..3;
param tiles in 1..3;
const TILE = 4096;

buffer x_gm : GM[tiles * TILE];
buffer x_ub : UB[TILE];
buffer y_ub : UB[TILE];

kernel inplace_axpb {
  set_flag(V, MTE2, 0);               // x_ub starts free
  set_flag(MTE3, V, 0);               // y_ub starts free
  for pass in 0..steps {
    for t in 0..tiles {
      wait_flag(V, MTE2, 0);
      MTE2 copy_gm_to_ubuf x_ub <- x_gm[t*TILE +: TILE];
      set_flag(MTE2, V, 0);
      wait_flag(MTE2, V, 0);
      wait_flag(MTE3, V, 0);
      V vmuls y_ub <- x_ub;
      set_flag(V, MTE2, 0);           // x_ub consumed
      pipe_barrier(V);
      V vadds y_ub <- y_ub;
      set_flag(V, MTE3, 0);
      wait_flag(V, MTE3, 0);
      MTE3 copy_ubuf_to_gm x_gm[t*TILE +: TILE] <- y_ub;
      set_flag(MTE3, V, 0);           // y_ub consumed
    }
  }
  wait_flag(V, MTE2, 0);
  wait_flag(MTE3, V, 0);
}
