// union1_turns_cut_at_sync.pir (tests/kernels/clean/) with each round's copy in issued before
// the branch and read by the COMPUTE op after it: on the side that runs the blocking copy, that
// copy waits behind the asynchronous one on the IO queue and holds what follows (rules 1 and 2);
// on the other side nothing orders the read after the copy in. The race is on the core's own
// path without the blocking copy: a run that lowered both sides of the branch would hide it, so
// each core's turn explores its choices up to the first __sync() it reaches again in the same
// state, not past the first one it reaches.
// expect: raw-hazard@28
// expect(-D n=2): raw-hazard@28
model "mlu370";
param n = 14;
buffer src : GDRAM[4 * 4096];
buffer dst : GDRAM[4 * 4096];
buffer x : NRAM[512];
buffer y : NRAM[256];
kernel k {
  cluster c[1] {
    core mpu : MPU {
      sync_cluster();
      sync_cluster();
    }
    core ipu[4] : IPU {
      sync_cluster();
      for i in 0..n {
        sync();
        IO memcpy_async x[0 +: 256] <- src[coreid * 4096 + i * 256 +: 256];
        if (?) { IO memcpy y <- src[coreid * 4096 +: 256]; }
        COMPUTE bang_add y <- x[0 +: 256], y;
        sync();
        IO memcpy_async dst[coreid * 4096 + i * 256 +: 256] <- y;
      }
      sync_cluster();
    }
  }
}
