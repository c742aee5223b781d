// Litmus (rule 6, match): channels are matched per event id: the wait on id 1 is released by the
// id-1 set issued before the copy, not by the id-0 set after it, so vadds may read a too early.
// rule: match missing
// expect: raw-hazard@14
model "ascend910b2";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer c : UB[256];
kernel k {
  set_flag(MTE2, V, 1);
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 1);
  V vadds c <- a;
  wait_flag(MTE2, V, 0);
}
