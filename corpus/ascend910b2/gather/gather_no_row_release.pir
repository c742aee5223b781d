// Gather, bug: the row slots are never released (no MTE3->MTE2 flags), so the copy of row r+2
// overwrites row_ub[s] while MTE3 may still be writing row r out (WAR) and may overtake the copy
// of row r in the MTE2 pipe (WAW). No flag overrun: MTE3 waits for nothing else, so its prompt
// wait is reached before MTE2 can set the flag again (semantics.md §5).
// bug-class: missing-release
// expect: war-hazard@29 waw-hazard@29
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
  for b in 0..blocks {
    MTE2 copy_gm_to_ubuf idx_ub[0 +: NIDX*4] <- idx_gm[b*NIDX*4 +: NIDX*4];
    set_flag(MTE2, S, 0);
    wait_flag(MTE2, S, 0);
    for j in 0..NIDX {
      let r = b*NIDX + j;
      let s = r % 2;
      S get_value <- idx_ub[j*4 +: 4] as row; // row = idx[j]; offset = row * ROW, in a register
      use row;                                // the copy's source address needs it
      MTE2 copy_gm_to_ubuf row_ub[s] <- table_gm;   // table[row]
      set_flag(MTE2, MTE3, s);
      wait_flag(MTE2, MTE3, s);
      MTE3 copy_ubuf_to_gm out_gm[r*ROW +: ROW] <- row_ub[s];
    }
  }
}
