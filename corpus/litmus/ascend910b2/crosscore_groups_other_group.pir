// Litmus (rule 9, cross-core flag in mode 2 on several groups): each AIV reads the block the
// other group's AIC wrote. Mode 2 stays inside one AI core: an AIV's wait is released by its own
// AIC's set, which says nothing about the other AIC's fixpipe (a SyncAll would).
// rule: cross-core missing-group
// expect: raw-hazard@19 raw-hazard@19
model "ascend910b2";
buffer c_gm : GM[2][2][1024];
buffer l0c : L0C[1024];
buffer v_ub : UB[1024];
kernel k {
  cluster g[2] {
    core aic : AIC {
      FIX fixpipe c_gm[clusterid][0] <- l0c;
      FIX fixpipe c_gm[clusterid][1] <- l0c;
      cross_core_set_flag(FIX, 2, 3);
    }
    core aiv[2] : AIV {
      cross_core_wait_flag(MTE2, 2, 3);
      MTE2 copy v_ub <- c_gm[1 - clusterid][coreid];
    }
  }
}
