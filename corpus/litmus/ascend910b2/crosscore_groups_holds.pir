// Litmus (rule 9, cross-core flag in mode 2 on several groups): mode 2 links the AIC and the two
// AIVs of one AI core, so each cluster (one AIC, two AIVs) hands its own block over: every AIV
// waits for its own AIC's set, and the two groups' flags do not mix.
// rule: cross-core holds-groups
// expect: clean
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
      MTE2 copy v_ub <- c_gm[clusterid][coreid];
    }
  }
}
