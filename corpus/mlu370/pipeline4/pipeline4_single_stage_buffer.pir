// Four-stage pipeline on one IPU, bug: the reordered buffer b_nram was made single-slot to save
// NRAM, so in one iteration the MOVE of tile i-1 overwrites b_nram while the tanh of tile i-2 is
// still reading it (the two run concurrently between the same pair of barriers).
// bug-class: single-buffer-reuse
// expect: war-hazard@20
model "mlu370";
param n in 1..5;
const TILE = 16384;

buffer in_gdram  : GDRAM[n * TILE];
buffer out_gdram : GDRAM[n * TILE];
buffer a_nram    : NRAM[2][TILE];     // as loaded
buffer b_nram    : NRAM[TILE];        // reordered, single slot
buffer c_nram    : NRAM[2][TILE];     // result

kernel tanh_reorder {
  for i in 0..n+3 {
    if (i >= 3)           { IO memcpy_async out_gdram[(i-3)*TILE +: TILE] <- c_nram[(i-3) % 2]; }
    if (i >= 2 && i < n+2) { COMPUTE bang_active_tanh c_nram[(i-2) % 2] <- b_nram; }
    if (i >= 1 && i < n+1) { MOVE memcpy_async b_nram <- a_nram[(i-1) % 2]; }
    if (i < n)            { IO memcpy_async a_nram[i % 2] <- in_gdram[i*TILE +: TILE]; }
    sync_io_move_compute();
  }
}
