// Semantics issue, section 1: a set between two dependent vector instructions does not order them
// (a signal fires once its pipe drained but does not hold it, rule 5): RAW at the vmul; the fix is
// pipe_barrier(V) (raw-hazard/signal_same_pipe_fixed.pir).
// expect: raw-hazard@14
model "ascend910b2";
buffer a : UB[1024];
buffer b : UB[1024];
buffer c : UB[1024];
buffer g0 : GM[1024];
buffer g1 : GM[1024];
kernel k {
  V vcast b <- a;
  set_flag(V, MTE3, 0);
  V vmul c <- b, a;
  set_flag(V, MTE3, 1);
  wait_flag(V, MTE3, 0);
  MTE3 copy g0 <- b;
  wait_flag(V, MTE3, 1);
  MTE3 copy g1 <- c;
}
