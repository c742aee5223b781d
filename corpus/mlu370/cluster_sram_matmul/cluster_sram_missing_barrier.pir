// Cluster weight sharing, bug: the phase-2 __sync_cluster() is missing on every core, so the MPU
// may overwrite SRAM with the bias while an IPU is still moving the weights out of it (a race
// between cores, reported at the IPU read with the MPU write as the first access).

// bug-class: missing-cluster-barrier
// expect: raw-hazard@30
model "mlu370";
const ROWS = 8192;                // bytes of input rows per IPU
const W = 65536;                  // weight bytes
const OUT = 4096;                 // bytes of output rows per IPU

buffer x_gdram : GDRAM[4 * ROWS];
buffer w_gdram : GDRAM[W];
buffer b_gdram : GDRAM[OUT];
buffer y_gdram : GDRAM[4 * OUT];
buffer w_sram  : SRAM[W];
buffer w_wram  : WRAM[W];
buffer x_nram  : NRAM[ROWS];
buffer y_nram  : NRAM[OUT];

kernel mlp_cluster {
  core mpu : MPU {
    IO memcpy w_sram <- w_gdram;                        // synchronous: done before the barrier
    sync_cluster();
    IO memcpy w_sram[0 +: OUT] <- b_gdram;              // phase 2: SRAM holds the bias
  }
  core ipu[4] : IPU {
    IO memcpy_async x_nram <- x_gdram[coreid*ROWS +: ROWS];
    sync_cluster();
    MOVE memcpy w_wram <- w_sram;
    sync_io();
    COMPUTE bang_mlp y_nram <- x_nram, w_wram;
    sync_compute();
    IO memcpy_async y_gdram[coreid*OUT +: OUT] <- y_nram;
  }
}
