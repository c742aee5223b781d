// Gather, bug: the MTE2->S hand-off after loading the index block is missing, so the scalar unit
// may read an index (and compute a row offset from it) before the index copy has landed in UB.
// bug-class: missing-flag-pair
// expect: raw-hazard@25
model "ascend910b2";
param blocks in 1..3;             // index blocks per core from the tiling data
const NIDX = 4;                   // indices per block
const ROW = 1024;                 // bytes per embedding row
const VOCAB = 64;

buffer idx_gm   : GM[blocks * NIDX * 4];
buffer table_gm : GM[VOCAB * ROW];
buffer out_gm   : GM[blocks * NIDX * ROW];
buffer idx_ub   : UB[32];
buffer row_ub   : UB[2][ROW];

kernel gather {
  set_flag(MTE3, MTE2, 0);                    // both row slots start free
  set_flag(MTE3, MTE2, 1);
  for b in 0..blocks {
    MTE2 copy_gm_to_ubuf idx_ub[0 +: NIDX*4] <- idx_gm[b*NIDX*4 +: NIDX*4];
    for j in 0..NIDX {
      let r = b*NIDX + j;
      let s = r % 2;
      S get_value <- idx_ub[j*4 +: 4] as row; // row = idx[j]; offset = row * ROW, in a register
      wait_flag(MTE3, MTE2, s);
      use row;                                // the copy's source address needs it
      MTE2 copy_gm_to_ubuf row_ub[s] <- table_gm;   // table[row]
      set_flag(MTE2, MTE3, s);
      wait_flag(MTE2, MTE3, s);
      MTE3 copy_ubuf_to_gm out_gm[r*ROW +: ROW] <- row_ub[s];
      set_flag(MTE3, MTE2, s);
    }
  }
  wait_flag(MTE3, MTE2, 0);
  wait_flag(MTE3, MTE2, 1);
}
