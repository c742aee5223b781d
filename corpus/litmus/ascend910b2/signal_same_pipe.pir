// Litmus (rule 5, signal): a set fires once its pipe drained, but it does not hold the pipe: the
// second vadds, behind the set on V, may start while the first is still writing b (RAW inside
// V). Only pipe_barrier(V) orders two instructions of one pipe (signal_same_pipe_barrier.pir).
// rule: signal missing-same-pipe
// expect: raw-hazard@13
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  V vadds b <- a;
  set_flag(V, MTE3, 0);
  V vadds c <- b;
  wait_flag(V, MTE3, 0);
}
