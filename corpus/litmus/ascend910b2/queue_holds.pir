// Litmus (rules 3, 5, 6): the wait sits in V's queue and holds it, so the vadds behind it starts
// after the copy that the set covers.
// rule: queue holds
// expect: clean
model "ascend910b2";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vadds b <- a;
}
