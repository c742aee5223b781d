// Five-stage cluster pipeline, bug: the SRAM input was made a single slot to save SRAM, so within
// one iteration the MPU loads tile i into it while the IPUs are still moving tile i-1 out of it
// (a race between cores: the MPU write is reported first, at the IPUs' read).
// bug-class: single-buffer-reuse
// expect: raw-hazard@28
model "mlu370";
param n in 1..5;                  // tiles from the tiling data
const T = 65536;                  // one tile in SRAM
const Q = T / 4;                  // each IPU's quarter

buffer in_gdram  : GDRAM[n * T];
buffer out_gdram : GDRAM[n * T];
buffer in_sram   : SRAM[T];
buffer out_sram  : SRAM[2][T];
buffer x_nram    : NRAM[2][Q];
buffer y_nram    : NRAM[2][Q];

kernel sigmoid_cluster {
  core mpu : MPU {
    for i in 0..n+4 {
      if (i < n)                { IO memcpy_async in_sram <- in_gdram[i*T +: T]; }
      if (i >= 4 && i - 4 < n)  { IO memcpy_async out_gdram[(i-4)*T +: T] <- out_sram[(i-4) % 2]; }
      sync_cluster();
    }
  }
  core ipu[4] : IPU {
    for i in 0..n+4 {
      if (i >= 1 && i - 1 < n)  { MOVE memcpy_async x_nram[(i-1) % 2] <- in_sram[coreid*Q +: Q]; }
      if (i >= 2 && i - 2 < n)  { COMPUTE bang_active_sigmoid y_nram[(i-2) % 2] <- x_nram[(i-2) % 2]; }
      if (i >= 3 && i - 3 < n)  { MOVE memcpy_async out_sram[(i-3) % 2][coreid*Q +: Q] <- y_nram[(i-3) % 2]; }
      sync_cluster();
    }
  }
}
