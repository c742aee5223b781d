// Five-stage cluster pipeline, bug: the IPUs close each iteration with
// __sync_all_ipu_within_cluster() and the MPU with nothing: a barrier of the IPUs alone is weaker
// than needed, as the MPU must take part, so its SRAM loads and stores race with the IPUs' moves.
// bug-class: weak-cambricon-sync
// expect: raw-hazard@22 raw-hazard@27
model "mlu370";
param n in 1..5;                  // tiles from the tiling data
const T = 65536;                  // one tile in SRAM
const Q = T / 4;                  // each IPU's quarter

buffer in_gdram  : GDRAM[n * T];
buffer out_gdram : GDRAM[n * T];
buffer in_sram   : SRAM[2][T];
buffer out_sram  : SRAM[2][T];
buffer x_nram    : NRAM[2][Q];
buffer y_nram    : NRAM[2][Q];

kernel sigmoid_cluster {
  core mpu : MPU {
    for i in 0..n+4 {
      if (i < n)                { IO memcpy_async in_sram[i % 2] <- in_gdram[i*T +: T]; }
      if (i >= 4 && i - 4 < n)  { IO memcpy_async out_gdram[(i-4)*T +: T] <- out_sram[(i-4) % 2]; }
    }
  }
  core ipu[4] : IPU {
    for i in 0..n+4 {
      if (i >= 1 && i - 1 < n)  { MOVE memcpy_async x_nram[(i-1) % 2] <- in_sram[(i-1) % 2][coreid*Q +: Q]; }
      if (i >= 2 && i - 2 < n)  { COMPUTE bang_active_sigmoid y_nram[(i-2) % 2] <- x_nram[(i-2) % 2]; }
      if (i >= 3 && i - 3 < n)  { MOVE memcpy_async out_sram[(i-3) % 2][coreid*Q +: Q] <- y_nram[(i-3) % 2]; }
      sync_all_ipu_within_cluster();
    }
  }
}
