// Sixteen counts of cross-core flag 3 may arrive before the first wait takes one: past the
// counter's capacity of 15. The sets come from FIX and MTE3, which are not ordered with each
// other, so the last set of either unit may be the sixteenth to end: both lines overflow.
// Fifteen waits leave one count, which is the last set in issue order's.
// expect: flag-overrun@13 flag-overrun@15 unmatched-signal@15
model "ascend910b2";
buffer gm : GM[1024];
buffer l0c : L0C[64];
buffer ub : UB[64];
kernel k {
  core aic : AIC {
    for i in 0..8 {
      cross_core_set_flag(FIX, 2, 3);
      MTE3 copy gm[i * 64 +: 64] <- ub;
      cross_core_set_flag(MTE3, 2, 3);
    }
  }
  core aiv : AIV {
    for i in 0..15 { cross_core_wait_flag(MTE2, 2, 3); }
  }
}
