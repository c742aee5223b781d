// Four-stage software pipeline on one IPU: IO loads tile i, MOVE reorders tile i-1 NRAM -> NRAM,
// COMPUTE applies tanh to tile i-2 and IO stores tile i-3; every intermediate buffer has two slots
// and one full __sync_io_move_compute() closes each iteration.
// bug-class: none
// expect: clean
model "mlu370";
param n in 1..5;
const TILE = 16384;

buffer in_gdram  : GDRAM[n * TILE];
buffer out_gdram : GDRAM[n * TILE];
buffer a_nram    : NRAM[2][TILE];     // as loaded
buffer b_nram    : NRAM[2][TILE];     // reordered
buffer c_nram    : NRAM[2][TILE];     // result

kernel tanh_reorder {
  for i in 0..n+3 {
    if (i >= 3)           { IO memcpy_async out_gdram[(i-3)*TILE +: TILE] <- c_nram[(i-3) % 2]; }
    if (i >= 2 && i < n+2) { COMPUTE bang_active_tanh c_nram[(i-2) % 2] <- b_nram[(i-2) % 2]; }
    if (i >= 1 && i < n+1) { MOVE memcpy_async b_nram[(i-1) % 2] <- a_nram[(i-1) % 2]; }
    if (i < n)            { IO memcpy_async a_nram[i % 2] <- in_gdram[i*TILE +: TILE]; }
    sync_io_move_compute();
  }
}
