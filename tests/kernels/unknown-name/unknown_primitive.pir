// unknown-name: `set_event` is not a sync primitive of ascend910b2 (it declares set_flag).
// expect: unknown-name@8
model "ascend910b2";
buffer x_gm : GM[256];
buffer x_ub : UB[256];
kernel k {
  MTE2 copy x_ub <- x_gm;
  set_event(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
}
