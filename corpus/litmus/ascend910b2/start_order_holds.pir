// Litmus (rule 4, start order): the wait holds V's queue until the MTE2 copy's flag fired; the
// vmul behind the vadds cannot start before the vadds started, so it too is ordered after the
// copy, with no wait of its own.
// rule: start-order holds
// expect: clean
model "ascend910b2";
buffer g : GM[256];
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
buffer d : UB[256];
kernel k {
  MTE2 copy a <- g;
  set_flag(MTE2, V, 1);
  wait_flag(MTE2, V, 1);
  V vadds b <- c;
  V vmul d <- a, c;
}
