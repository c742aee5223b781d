// The same kernel with pipe_barrier(V) between the vcast and the vmul.
// expect: clean
model "ascend910b2";
buffer a : UB[1024];
buffer b : UB[1024];
buffer c : UB[1024];
buffer g0 : GM[1024];
buffer g1 : GM[1024];
kernel k {
  V vcast b <- a;
  set_flag(V, MTE3, 0);
  pipe_barrier(V);
  V vmul c <- b, a;
  set_flag(V, MTE3, 1);
  wait_flag(V, MTE3, 0);
  MTE3 copy g0 <- b;
  wait_flag(V, MTE3, 1);
  MTE3 copy g1 <- c;
}
