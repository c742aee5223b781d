// Litmus (§5, prompt waits): the first wait sits behind pipe_barrier(V), which waits for a vector
// instruction to end; the end of an instruction may be late without bound, so the second set may
// fire before the wait is reached: a flag overrun.
// rule: prompt-wait missing
// expect: flag-overrun@18
model "ascend910b2";
buffer g : GM[512];
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  MTE2 copy a <- g[0 +: 256];
  set_flag(MTE2, V, 0);
  V vadds b <- b;
  pipe_barrier(V);
  wait_flag(MTE2, V, 0);
  MTE2 copy c <- g[256 +: 256];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
}
