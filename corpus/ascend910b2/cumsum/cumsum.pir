// CumSum along one long row on one AIV, tile by tile: the running total that enters tile i is the
// last element of output tile i-1, read back from GM by MTE2 once the MTE3 store of tile i-1 has
// ended (MTE3->MTE2 flag on id 2): a GM read after a GM write of the same kernel. Input, output and
// carry buffers are double-buffered.
// bug-class: none
// expect: clean
model "ascend910b2";
param tiles in 1..6;              // tiles of the row from the tiling data
const TILE = 4096;

buffer x_gm : GM[tiles * TILE];
buffer y_gm : GM[tiles * TILE];
buffer x_ub : UB[2][TILE];
buffer y_ub : UB[2][TILE];
buffer c_ub : UB[2][32];

kernel cumsum {
  set_flag(V, MTE2, 0);
  set_flag(V, MTE2, 1);
  set_flag(MTE3, V, 0);
  set_flag(MTE3, V, 1);
  for i in 0..tiles {
    let s = i % 2;
    wait_flag(V, MTE2, s);
    MTE2 copy_gm_to_ubuf x_ub[s] <- x_gm[i*TILE +: TILE];
    if (i > 0) {
      wait_flag(MTE3, MTE2, 2);               // output tile i-1 has landed in GM
      MTE2 copy_gm_to_ubuf c_ub[s][0 +: 4] <- y_gm[i*TILE - 4 +: 4];   // carry = y[i*TILE - 1]
    }
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    wait_flag(MTE3, V, s);
    V vcumsum y_ub[s] <- x_ub[s];             // prefix sum inside the tile
    pipe_barrier(V);
    V vadds y_ub[s] <- y_ub[s], c_ub[s][0 +: 4];   // + carry (0 for the first tile)
    set_flag(V, MTE2, s);
    set_flag(V, MTE3, s);
    wait_flag(V, MTE3, s);
    MTE3 copy_ubuf_to_gm y_gm[i*TILE +: TILE] <- y_ub[s];
    set_flag(MTE3, V, s);
    if (i + 1 < tiles) { set_flag(MTE3, MTE2, 2); }
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
  wait_flag(MTE3, V, 0);
  wait_flag(MTE3, V, 1);
}
