// Litmus (rule 6 and §5): sets and waits are matched in order, so each vadds still waits for its
// own copy. Without a V -> MTE2 hand-back the second set is still no overrun: the first wait is
// reached as soon as it is issued (nothing is before it on V) and the second set is issued after
// it. The two vadds into c are unordered (WAW inside V).
// rule: match missing-handback
// expect: waw-hazard@20
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
