// Global sum over the 4 IPUs, bug: the __sync_all_ipu_within_cluster() barrier was removed, so
// IPU 0 may gather the partial sums from SRAM while the other IPUs are still moving theirs in (a
// race between cores, reported at IPU 0's read with the other IPUs' write first).
// bug-class: missing-cluster-barrier
// expect: raw-hazard@28
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
    if (coreid == 0) {
      MOVE memcpy_async all_nram <- part_sram;
      sync_move();
      COMPUTE bang_sumpool part_nram <- all_nram;
      sync_compute();
      IO memcpy_async sum_gdram <- part_nram;
    }
  }
}
