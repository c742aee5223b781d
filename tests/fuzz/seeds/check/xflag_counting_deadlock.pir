// A cross-core wait with a missing partner still waits for the partners that exist, so a
// cycle through one of them is a deadlock of its own. aiv[1] never sets flag 5 (line 25 never
// returns), and aiv[0]'s set of flag 5 waits, through flag 6, for the end of that same wait.
// Flag 7 is set from FIX and MTE3 without order, so this run takes the counting path; the
// same kernel with both sets on FIX reports the same two deadlocks.
// expect: deadlock@16 deadlock@25 unmatched-signal@26
model "ascend910b2";
buffer ws : GM[2048];
buffer c : L0C[1024];
buffer o : UB[1024];
kernel mix {
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 2, 7);
    cross_core_wait_flag(MTE2, 2, 7);
    if (coreid == 0) {
      cross_core_wait_flag(MTE2, 2, 6);
      cross_core_set_flag(MTE3, 2, 5);
    }
  }
  core aic : AIC {
    FIX fixpipe ws[0 +: 1024] <- c;
    cross_core_set_flag(FIX, 2, 7);
    MTE3 copy ws[1024 +: 1024] <- o;
    cross_core_set_flag(MTE3, 2, 7);
    cross_core_wait_flag(FIX, 2, 5);
    cross_core_set_flag(FIX, 2, 6);
  }
}
