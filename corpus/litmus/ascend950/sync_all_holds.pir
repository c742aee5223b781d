// Litmus (SyncAll, kept on the 950): every vector core's copy out ends before any copy in of the
// other's result.
// rule: sync-all holds
// expect: clean
model "ascend950";
buffer y_gm : GM[2][256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  core aiv[2] : AIV {
    MTE3 copy y_gm[coreid] <- a;
    sync_all_aiv();
    MTE2 copy b <- y_gm[1 - coreid];
  }
}
