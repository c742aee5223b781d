// In-place GM update, bug: the wait for the MTE3->MTE2 flag was placed after the MTE2 load it
// should hold back: the load may read a tile of x_gm before the previous step's store of it has
// landed, and may overwrite x_ub while vmuls of the previous tile still reads it or the previous
// load still writes it (WAW inside MTE2: no set holds the MTE2 pipe).
// bug-class: wait-after-consumer
// expect: raw-hazard@20 war-hazard@20 waw-hazard@20
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
      MTE2 copy_gm_to_ubuf x_ub <- x_gm[t*TILE +: TILE];
      wait_flag(MTE3, MTE2, 0);               // too late: the load above already ran
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
