// Litmus (rules 6 and flag overrun): sets and waits are matched in order, so each vadds still waits
// for its own copy; but without a V -> MTE2 hand-back the second set may fire while the first is
// still pending (a binary flag overrun) and the two vadds into c are unordered (WAW inside V).
// rule: match missing-handback
// expect: flag-overrun@17 waw-hazard@19
model "ascend910";
buffer x_gm : GM[512];
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  MTE2 copy a <- x_gm[0 +: 256];
  set_flag(MTE2, V, 3);
  wait_flag(MTE2, V, 3);
  V vadds c <- a;
  MTE2 copy b <- x_gm[256 +: 256];
  set_flag(MTE2, V, 3);
  wait_flag(MTE2, V, 3);
  V vadds c <- b;
}
