// Litmus (rule 6, match): two rounds on event 3 (the highest id of the 910), handed back in between;
// each vadds is released by the set that follows its own copy. Same verdict under ascend910b2.
// rule: match holds
// expect: clean
// expect(--model ascend910b2): clean
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
  set_flag(V, MTE2, 3);
  wait_flag(V, MTE2, 3);
  MTE2 copy b <- x_gm[256 +: 256];
  set_flag(MTE2, V, 3);
  wait_flag(MTE2, V, 3);
  V vadds c <- b;
}
