// Bias add with manual UB placement (TBuf at fixed addresses, as in the pir.md `acc`/`tmp`
// example): acc holds a 4 KiB tile, bias_ub is placed right after it; y = x + bias per 1 KiB row.
// bug-class: none
// expect: clean
model "ascend910b2";
param tiles in 1..4;
const TILE = 4096;
const ROW = 1024;

buffer x_gm    : GM[tiles * TILE];
buffer bias_gm : GM[ROW];
buffer y_gm    : GM[tiles * TILE];
buffer acc     : UB[TILE] @ 0x0;
buffer bias_ub : UB[ROW] @ 0x1000;     // right after acc: no overlap

kernel bias_add {
  set_flag(MTE3, MTE2, 0);
  for i in 0..tiles {
    wait_flag(MTE3, MTE2, 0);
    MTE2 copy_gm_to_ubuf acc <- x_gm[i*TILE +: TILE];
    MTE2 copy_gm_to_ubuf bias_ub <- bias_gm;
    set_flag(MTE2, V, 0);
    wait_flag(MTE2, V, 0);
    for j in 0..TILE / ROW {
      V vadd acc[j*ROW +: ROW] <- acc[j*ROW +: ROW], bias_ub;
    }
    set_flag(V, MTE3, 0);
    wait_flag(V, MTE3, 0);
    MTE3 copy_ubuf_to_gm y_gm[i*TILE +: TILE] <- acc;
    set_flag(MTE3, MTE2, 0);
  }
  wait_flag(MTE3, MTE2, 0);
}
