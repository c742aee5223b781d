// Litmus (rule 6, match): the k-th set on a channel releases the k-th wait; the channel is handed
// back (V -> MTE2) before it is set a second time, so each vadds waits for its own copy.
// rule: match holds
// expect: clean
model "ascend910b2";
buffer x_gm : GM[512];
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  MTE2 copy a <- x_gm[0 +: 256];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vadds c <- a;
  set_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 0);
  MTE2 copy b <- x_gm[256 +: 256];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vadds c <- b;
}
