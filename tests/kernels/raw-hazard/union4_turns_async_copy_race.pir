// union4_turns_async_copy.pir (tests/kernels/clean/) with a second side that copies into the
// next IPU's slice of the stage: a race with that IPU's own copies of its slice, on every
// path where one IPU takes that side. The cores' choices are explored one core at a time, the
// others' merged; the same findings as every path split (golden.py, -D nc=2 -D n=1).
// expect: raw-hazard@25 waw-hazard@27 waw-hazard@29
// expect(-D nc=2 -D n=1): raw-hazard@25 waw-hazard@27 waw-hazard@29
model "mlu370";
param nc = 4;
param n = 4;
buffer src : GDRAM[4 * 4 * 256];
buffer dst : GDRAM[4 * 4 * 256];
buffer stage : SRAM[4 * 256];
buffer x : NRAM[256];
buffer y : NRAM[256];
kernel k {
  cluster c[nc] {
    core mpu : MPU {
      IO memcpy stage <- src[clusterid * 1024 +: 1024];
      sync_cluster();
      sync_cluster();
      IO memcpy_async dst[clusterid * 1024 +: 1024] <- stage; sync_io();
    }
    core ipu[4] : IPU {
      sync_cluster();
      MOVE memcpy x <- stage[coreid * 256 +: 256];
      for i in 0..n {
        if (?) { COMPUTE bang_add y <- x, y; } else { MOVE memcpy stage[(coreid + 1) % 4 * 256 +: 64] <- y[0 +: 64]; }
      }
      MOVE memcpy stage[coreid * 256 +: 256] <- x;
      sync_cluster();
    }
  }
}
