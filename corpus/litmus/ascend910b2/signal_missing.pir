// Litmus (rule 5, signal): a set covers only what is before it on its unit: the copy of b issued
// after the set is not covered, so vadd may read b too early.
// rule: signal missing
// expect: raw-hazard@16
model "ascend910b2";
buffer x_gm : GM[256];
buffer y_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 0);
  MTE2 copy b <- y_gm;
  wait_flag(MTE2, V, 0);
  V vadd c <- a, b;
}
