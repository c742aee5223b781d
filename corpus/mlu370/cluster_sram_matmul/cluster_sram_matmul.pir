// Cluster-level weight sharing on MLU370: the MPU stages the weights GDRAM -> SRAM once, then
// __sync_cluster(); each of the four IPUs moves the weights SRAM -> WRAM, loads its own rows of
// the input, runs bang_mlp and writes its rows of the output. A second __sync_cluster() lets the
// MPU reuse SRAM for the bias of the next phase only after every IPU finished reading it.
// bug-class: none
// expect: clean
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
    sync_cluster();
    IO memcpy w_sram[0 +: OUT] <- b_gdram;              // phase 2: SRAM holds the bias
  }
  core ipu[4] : IPU {
    IO memcpy_async x_nram <- x_gdram[coreid*ROWS +: ROWS];
    sync_cluster();
    MOVE memcpy w_wram <- w_sram;
    sync_cluster();                                     // SRAM weights no longer needed
    sync_io();
    COMPUTE bang_mlp y_nram <- x_nram, w_wram;
    sync_compute();
    IO memcpy_async y_gdram[coreid*OUT +: OUT] <- y_nram;
  }
}
