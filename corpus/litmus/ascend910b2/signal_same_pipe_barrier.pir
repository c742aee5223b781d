// Litmus (rule 5 with rule 7): the same pipe with pipe_barrier(V) between the two vadds: the
// barrier, not the set, orders them.
// rule: signal holds-same-pipe
// expect: clean
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  V vadds b <- a;
  set_flag(V, MTE3, 0);
  pipe_barrier(V);
  V vadds c <- b;
  wait_flag(V, MTE3, 0);
}
