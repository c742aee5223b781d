// Transpose, bug: the destination tiles are never released (no MTE3->V flags), so vtranspose of
// tile i+2 overwrites dst_ub[s] while MTE3 may still be scattering tile i. (V cannot set its
// V->MTE3 flag twice before MTE3 takes it: MTE3 waits for nothing else, so its prompt wait is
// reached in time, semantics.md §5.)
// bug-class: missing-release
// expect: war-hazard@27
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
  for i in 0..tiles {
    let s = i % 2;
    wait_flag(V, MTE2, s);
    MTE2 copy_gm_to_ubuf src_ub[s] <- in_gm[i*TILE +: TILE];
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    for k in 0..4 {
      V vtranspose dst_ub[s][k*BLK +: BLK] <- src_ub[s][k*BLK +: BLK];
    }
    set_flag(V, MTE2, s);
    set_flag(V, MTE3, s);
    wait_flag(V, MTE3, s);
    for k in 0..4 {                           // block k goes to column strip k
      MTE3 copy_ubuf_to_gm out_gm[(k*tiles + i)*BLK +: BLK] <- dst_ub[s][k*BLK +: BLK];
    }
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
}
