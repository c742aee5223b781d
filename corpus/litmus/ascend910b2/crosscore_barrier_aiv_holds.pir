// Litmus (rule 9, cross-core barrier): sync_all_aiv() (SyncAll<true>) joins only the vector
// cores; the cube core does not call it and is not waited for. It orders each AIV's write of its
// half before the other AIV's read.
// rule: cross-core holds-barrier
// expect: clean
model "ascend910b2";
buffer y_gm : GM[2][1024];
buffer l0c : L0C[1024];
buffer v_ub : UB[1024];
buffer w_ub : UB[1024];
kernel k {
  core aic : AIC {
    M mmad l0c <- l0c;
  }
  core aiv[2] : AIV {
    MTE3 copy y_gm[coreid] <- v_ub;
    sync_all_aiv();
    MTE2 copy w_ub <- y_gm[1 - coreid];
  }
}
