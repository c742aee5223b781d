// ConfusionTranspose-style 2-D transpose on one AIV: each tile (16 rows) is loaded by MTE2, V
// transposes it as four 16x16 blocks (vtranspose), and MTE3 scatters the four transposed blocks to
// their column-strip positions in GM. Source and destination tiles are double-buffered.
// bug-class: none
// expect: clean
model "ascend910b2";
param tiles in 1..5;              // row tiles from the tiling data
const BLK = 512;                  // one 16x16 half block
const TILE = 4 * BLK;

buffer in_gm  : GM[tiles * TILE];
buffer out_gm : GM[tiles * TILE];
buffer src_ub : UB[2][TILE];
buffer dst_ub : UB[2][TILE];

kernel transpose {
  set_flag(V, MTE2, 0);
  set_flag(V, MTE2, 1);
  set_flag(MTE3, V, 0);
  set_flag(MTE3, V, 1);
  for i in 0..tiles {
    let s = i % 2;
    wait_flag(V, MTE2, s);
    MTE2 copy_gm_to_ubuf src_ub[s] <- in_gm[i*TILE +: TILE];
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    wait_flag(MTE3, V, s);
    for k in 0..4 {
      V vtranspose dst_ub[s][k*BLK +: BLK] <- src_ub[s][k*BLK +: BLK];
    }
    set_flag(V, MTE2, s);
    set_flag(V, MTE3, s);
    wait_flag(V, MTE3, s);
    for k in 0..4 {                           // block k goes to column strip k
      MTE3 copy_ubuf_to_gm out_gm[(k*tiles + i)*BLK +: BLK] <- dst_ub[s][k*BLK +: BLK];
    }
    set_flag(MTE3, V, s);
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
  wait_flag(MTE3, V, 0);
  wait_flag(MTE3, V, 1);
}
