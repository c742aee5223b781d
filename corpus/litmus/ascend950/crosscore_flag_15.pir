// Litmus (cross-core flag ids): modes 0-2 have flags 0-15 on the 950 (the CrossCoreSetFlag page),
// so flag 15 is fine; ascend910b2 declares 0-10 and rejects it.
// rule: cross-flag-id holds
// expect: clean
// expect(--model ascend910b2): bad-event-id@14 bad-event-id@17 raw-hazard@18 raw-hazard@18
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
