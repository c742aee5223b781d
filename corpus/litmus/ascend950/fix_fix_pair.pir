// Litmus (the cube core's FIX_FIX event, HardEventAic): a FIX-to-FIX pair orders two fixpipes
// that write the same L1 bytes. Allowed on the 950 model; ascend910b2 has no FIX-to-FIX channel.
// rule: fix-fix holds
// expect: clean
// expect(--model ascend910b2): bad-channel@12 bad-channel@13 waw-hazard@14
model "ascend950";
buffer c : L0C[4096];
buffer l1 : L1[4096];
kernel k {
  core aic : AIC {
    FIX fixpipe l1 <- c;
    set_flag(FIX, FIX, 0);
    wait_flag(FIX, FIX, 0);
    FIX fixpipe l1 <- c;
  }
}
