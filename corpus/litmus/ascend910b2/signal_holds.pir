// Litmus (rule 5, signal): a set waits for everything before it on its unit, so one flag covers
// both copies.
// rule: signal holds
// expect: clean
model "ascend910b2";
buffer x_gm : GM[256];
buffer y_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  MTE2 copy b <- y_gm;
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vadd c <- a, b;
}
