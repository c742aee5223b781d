// Litmus (rule 9, cross-core barrier): sync_all_aiv() does not join the cube core, so the AIC's
// fixpipe write is not ordered before the AIVs' reads behind the barrier.
// rule: cross-core missing-barrier
// expect: raw-hazard@16 raw-hazard@16
model "ascend910b2";
buffer c_gm : GM[2][1024];
buffer l0c : L0C[1024];
buffer v_ub : UB[1024];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm[0] <- l0c;
    FIX fixpipe c_gm[1] <- l0c;
  }
  core aiv[2] : AIV {
    sync_all_aiv();
    MTE2 copy v_ub <- c_gm[coreid];
  }
}
