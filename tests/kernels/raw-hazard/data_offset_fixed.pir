// data_offset.pir with the hand-offs: a place read from memory is ordered like any other.
// expect: clean
model "ascend910b2";
buffer x_gm : GM[256];
buffer y_gm : GM[256];
buffer z_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
buffer d : UB[256];
kernel data_offset {
  MTE2 copy a[0 +: 64] <- x_gm[0 +: 64];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vadds b <- a[?];
  V vadds c[?] <- d;
  set_flag(V, MTE3, 0);
  wait_flag(V, MTE3, 0);
  MTE3 copy y_gm <- c[0 +: 64];
  MTE3 copy z_gm <- c[?];
}
