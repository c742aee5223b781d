// ReLU 3-stage pipeline, bug: the 6-argument barrier was written with its two halves swapped,
// __sync_io_move_compute(0, 0, 1, 1, 0, 0) (COMPUTE -> IO only): the relu of tile i-1 no longer
// waits for the load that fills its slot (RAW, WAW), nor for the store of tile i-3 that last read
// that slot (WAR). The loads still wait for the relu, and IO is fifo.
// bug-class: weak-cambricon-sync
// expect: raw-hazard@18 war-hazard@18 waw-hazard@18
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
    sync_io_move_compute(0, 0, 1, 1, 0, 0);
  }
}
