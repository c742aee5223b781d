// ReLU 3-stage pipeline, bug: the end-of-iteration barrier was narrowed to
// __sync_io_move_compute(1, 0, 0, 0, 0, 1) (IO -> COMPUTE only): the store of tile i-2 no longer waits
// for the relu that produced it, and the load into a slot no longer waits for the relu reading it.
// bug-class: weak-cambricon-sync
// expect: raw-hazard@16 war-hazard@18 waw-hazard@18
model "mlu370";
param n in 1..6;
const TILE = 32768;

buffer in_gdram  : GDRAM[n * TILE];
buffer out_gdram : GDRAM[n * TILE];
buffer ping      : NRAM[2][TILE];

kernel relu_pipelined {
  for i in 0..n+2 {
    if (i >= 2)            { IO memcpy_async out_gdram[(i-2)*TILE +: TILE] <- ping[i % 2]; }
    if (i >= 1 && i <= n)  { COMPUTE bang_active_relu ping[(i-1) % 2] <- ping[(i-1) % 2]; }
    if (i < n)             { IO memcpy_async ping[i % 2] <- in_gdram[i*TILE +: TILE]; }
    sync_io_move_compute(1, 0, 0, 0, 0, 1);
  }
}
