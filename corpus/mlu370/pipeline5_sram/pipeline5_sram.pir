// Five-stage cluster pipeline on MLU370 (BANG C, one cluster: the MPU and 4 IPUs): the MPU loads
// tile i GDRAM -> SRAM, each IPU moves its quarter of tile i-1 SRAM -> NRAM, applies sigmoid to tile
// i-2, moves its quarter of result i-3 NRAM -> SRAM, and the MPU stores tile i-4 SRAM -> GDRAM.
// Every buffer has two slots; one __sync_cluster() on every core closes each iteration.
// bug-class: none
// expect: clean
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
      sync_cluster();
    }
  }
  core ipu[4] : IPU {
    for i in 0..n+4 {
      if (i >= 1 && i - 1 < n)  { MOVE memcpy_async x_nram[(i-1) % 2] <- in_sram[(i-1) % 2][coreid*Q +: Q]; }
      if (i >= 2 && i - 2 < n)  { COMPUTE bang_active_sigmoid y_nram[(i-2) % 2] <- x_nram[(i-2) % 2]; }
      if (i >= 3 && i - 3 < n)  { MOVE memcpy_async out_sram[(i-3) % 2][coreid*Q +: Q] <- y_nram[(i-3) % 2]; }
      sync_cluster();
    }
  }
}
