model "ascend910b2";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 0);
  V vadds b <- a;              // reads a before the wait: too early
  wait_flag(MTE2, V, 0);
  V vmuls b <- b;
}
