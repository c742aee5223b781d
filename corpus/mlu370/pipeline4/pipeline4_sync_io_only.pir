// Four-stage pipeline on one IPU, bug: each iteration ends with __sync_io() instead of the full
// __sync_io_move_compute(): only the IO queue drains, so tanh may read b_nram before the MOVE wrote
// it, the store may read c_nram before tanh wrote it, and MOVE and the load may overwrite slots
// that tanh and MOVE of the previous iteration still read.
// bug-class: weak-cambricon-sync
// expect: raw-hazard@19 raw-hazard@20 war-hazard@21 war-hazard@22
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
    sync_io();                                // should drain MOVE and COMPUTE too
  }
}
