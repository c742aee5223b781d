// clean/merged_interlocked_sides.pir with the nested side copying into the next IPU's slice of
// the stage: it races across cores with that IPU's own copies of its slice, on the paths where
// one IPU takes that side. One run, every choice merged; the same findings as every path split
// (golden.py, -D nc=1 -D n=1).
// expect: raw-hazard@26 waw-hazard@37 waw-hazard@40
// expect(-D nc=1 -D n=1): raw-hazard@26 waw-hazard@37 waw-hazard@40
model "mlu370";
param nc = 4;
param n = 6;
buffer src : GDRAM[4 * 4 * 256];
buffer dst : GDRAM[4 * 4 * 256];
buffer stage : SRAM[4 * 256];
buffer x : NRAM[256];
buffer y : NRAM[256];
buffer t : NRAM[64];
kernel k {
  cluster c[nc] {
    core mpu : MPU {
      IO memcpy stage <- src[clusterid * 1024 +: 1024];
      sync_cluster();
      sync_cluster();
      IO memcpy dst[clusterid * 1024 +: 1024] <- stage;
    }
    core ipu[4] : IPU {
      sync_cluster();
      MOVE memcpy x <- stage[coreid * 256 +: 256];
      for i in 0..n {
        ALU load_scalar <- x[i * 4 +: 4] as v;
        if (?) {
          use v;
          IO memcpy t <- src[clusterid * 1024 + coreid * 256 +: 64];
          sync_io();
          COMPUTE bang_add y <- x, y;
        } else {
          COMPUTE bang_mul x <- x, y;
          sync_compute();
          if (?) { MOVE memcpy stage[(coreid + 1) % 4 * 256 +: 64] <- t; }
        }
      }
      MOVE memcpy stage[coreid * 256 +: 256] <- x;
      sync_cluster();
    }
  }
}
