// Gather, bug: the scalar unit reads the whole index block first and the offsets are needed only
// afterwards, with no S->MTE2 pair in between: the issuer does not wait for a scalar read whose
// value it does not need yet (rule 10), so the next block's index load may overwrite idx_ub while
// the last reads of this block are still in flight. (Older versions of gather.pir had the pair.)
// bug-class: missing-flag-pair
// expect: war-hazard@23
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
    set_flag(MTE2, S, 0);
    wait_flag(MTE2, S, 0);
    for j in 0..NIDX {
      S get_value <- idx_ub[j*4 +: 4];        // row = idx[j]; offset = row * ROW, in a register
    }
    for j in 0..NIDX {
      let r = b*NIDX + j;
      let s = r % 2;
      wait_flag(MTE3, MTE2, s);
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
