// Bias add with manual UB placement, bug: bias_ub was placed at 0x800 (the allocator assumed a
// 2 KiB tile), inside acc: the two copies into UB now overlap, and vadd of row 2 overwrites the bias
// that vadd of row 3 reads, with nothing ordering either pair.
// bug-class: buffer-placement
// expect: waw-hazard@22 raw-hazard@26
model "ascend910b2";
param tiles in 1..4;
const TILE = 4096;
const ROW = 1024;

buffer x_gm    : GM[tiles * TILE];
buffer bias_gm : GM[ROW];
buffer y_gm    : GM[tiles * TILE];
buffer acc     : UB[TILE] @ 0x0;
buffer bias_ub : UB[ROW] @ 0x800;      // overlaps acc bytes 0x800..0xbff

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
