// Global sum over the 4 IPUs, bug: IPU 0 gathers the partial sums SRAM -> NRAM with an
// asynchronous move but the __sync_move() before the final bang_sumpool was dropped, so the sum may
// read all_nram before the gather has landed.
// bug-class: missing-async-sync
// expect: raw-hazard@30
model "mlu370";
param tiles in 1..3;              // tiles per IPU from the tiling data
const TILE = 16384;

buffer x_gdram   : GDRAM[4 * tiles * TILE];
buffer sum_gdram : GDRAM[64];
buffer part_sram : SRAM[4][64];
buffer x_nram    : NRAM[TILE];
buffer part_nram : NRAM[64];
buffer all_nram  : NRAM[4][64];

kernel reduce_sum_cluster {
  core ipu[4] : IPU {
    COMPUTE bang_write_value part_nram;
    for t in 0..tiles {
      IO memcpy_async x_nram <- x_gdram[(coreid*tiles + t)*TILE +: TILE];
      sync_io();
      COMPUTE bang_sumpool part_nram <- part_nram, x_nram;
      sync_compute();
    }
    MOVE memcpy_async part_sram[coreid] <- part_nram;
    sync_all_ipu_within_cluster();
    if (coreid == 0) {
      MOVE memcpy_async all_nram <- part_sram;
      COMPUTE bang_sumpool part_nram <- all_nram;
      sync_compute();
      IO memcpy_async sum_gdram <- part_nram;
    }
  }
}
