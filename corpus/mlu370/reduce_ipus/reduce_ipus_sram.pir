// Global sum over the 4 IPUs of a cluster: each IPU reduces its slice with bang_sumpool and moves
// its partial sum into its own SRAM slot (asynchronous move); after __sync_all_ipu_within_cluster()
// IPU 0 gathers the four partials, adds them and writes the result to GDRAM.
// bug-class: none
// expect: clean
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
      sync_move();
      COMPUTE bang_sumpool part_nram <- all_nram;
      sync_compute();
      IO memcpy_async sum_gdram <- part_nram;
    }
  }
}
