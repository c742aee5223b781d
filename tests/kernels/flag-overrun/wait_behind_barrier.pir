// flag-overrun: what a double-buffered Ascend C queue gives when a vector barrier comes before
// a DeQue. EnQue sets MTE2 -> V on the lowest free id and DeQue waits and releases it (asc-devkit
// kernel_tquebind_impl.h), so every tile takes id 0. The first wait reaches V's head only after
// pipe_barrier(V) has drained the earlier vector work, and nothing makes MTE2 wait for that: the
// second tile's set may fire while the first is still set. The message names the set, the wait
// and the barrier that delays it. clean/wait_before_barrier.pir waits before the barrier: clean.
// expect: flag-overrun@20
model "ascend910b2";
buffer x_gm : GM[2048];
buffer x_ub : UB[2][1024];
buffer y_ub : UB[2][1024];
kernel k {
  V vabs y_ub[1] <- y_ub[1];
  pipe_barrier(V);
  MTE2 copy x_ub[0] <- x_gm[0 +: 1024];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vabs y_ub[0] <- x_ub[0];
  MTE2 copy x_ub[1] <- x_gm[1024 +: 1024];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vabs y_ub[1] <- x_ub[1];
}
