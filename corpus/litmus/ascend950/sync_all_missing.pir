// Litmus (SyncAll): without it one core reads the other's output while it is being written.
// rule: sync-all missing
// expect: raw-hazard@11
model "ascend950";
buffer y_gm : GM[2][256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  core aiv[2] : AIV {
    MTE3 copy y_gm[coreid] <- a;
    MTE2 copy b <- y_gm[1 - coreid];
  }
}
