// limit-exceeded, fixed: the same kernel with its flags has no findings, far below --max-errors 2.
// args: --max-errors 2
// expect: clean
model "ascend910b2";
buffer g : GM[64];
buffer u : UB[64];
kernel k {
  MTE2 copy u <- g;
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vdup u;
  set_flag(V, MTE3, 0);
  wait_flag(V, MTE3, 0);
  MTE3 copy g <- u;
  set_flag(MTE3, S, 0);
  wait_flag(MTE3, S, 0);
  S get_value <- u[0 +: 4];
}
