// CumSum with the carry read back from GM, bug: the carry hand-off names the vector pipe,
// set_flag(V, MTE2, 2) after the vadds, instead of MTE3: it covers computing tile i-1 but not
// storing it, so MTE2 may read the carry from GM before the MTE3 store has written it.
// bug-class: wrong-flag-unit
// expect: raw-hazard@27
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
      wait_flag(V, MTE2, 2);                  // wrong unit: the store is on MTE3
      MTE2 copy_gm_to_ubuf c_ub[s][0 +: 4] <- y_gm[i*TILE - 4 +: 4];   // carry = y[i*TILE - 1]
    }
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    wait_flag(MTE3, V, s);
    V vcumsum y_ub[s] <- x_ub[s];             // prefix sum inside the tile
    pipe_barrier(V);
    V vadds y_ub[s] <- y_ub[s], c_ub[s][0 +: 4];   // + carry (0 for the first tile)
    set_flag(V, MTE2, s);
    if (i + 1 < tiles) { set_flag(V, MTE2, 2); }
    set_flag(V, MTE3, s);
    wait_flag(V, MTE3, s);
    MTE3 copy_ubuf_to_gm y_gm[i*TILE +: TILE] <- y_ub[s];
    set_flag(MTE3, V, s);
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
  wait_flag(MTE3, V, 0);
  wait_flag(MTE3, V, 1);
}
