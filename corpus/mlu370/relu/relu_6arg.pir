// ReLU 3-stage pipeline on one IPU with the 6-argument __sync_io_move_compute(io, move, compute,
// io', move', compute'): only the IO and COMPUTE queues take part, so MOVE is left out of both sets.
// Load of tile i, relu of tile i-1 and store of tile i-2 overlap within one iteration.
// bug-class: none
// expect: clean
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
    sync_io_move_compute(1, 0, 1, 1, 0, 1);
  }
}
