// Litmus (rule 6, match): a wait is matched with a set of its own channel (src, dst, id) only: the
// wait on id 2 is released by the id-2 set issued before the copy, not by the id-3 set after it,
// so vadds may read a too early. Same verdict under ascend910b2.
// rule: match missing
// expect: raw-hazard@16
// expect(--model ascend910b2): raw-hazard@16
model "ascend910";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer c : UB[256];
kernel k {
  set_flag(MTE2, V, 2);
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 3);
  wait_flag(MTE2, V, 2);
  V vadds c <- a;
  wait_flag(MTE2, V, 3);
}
