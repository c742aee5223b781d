// Litmus (cross-core flag ids): modes 0-2 have flags 0-15 on the 950 (the CrossCoreSetFlag page),
// so flag 15 is fine; on ascend910b2 too, whose hardware has 0-15 (the SDK's own SyncAll uses
// 11, 12 and 14; docs/hwmodels.md), 0-10 being only what a kernel's own API calls take.
// rule: cross-flag-id holds
// expect: clean
// expect(--model ascend910b2): clean
model "ascend950";
buffer c_gm : GM[2][1024];
buffer l0c : L0C[1024];
buffer v_ub : UB[1024];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm[0] <- l0c;
    FIX fixpipe c_gm[1] <- l0c;
    cross_core_set_flag(FIX, 2, 15);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(S, 2, 15);
    MTE2 copy v_ub <- c_gm[coreid];
  }
}
