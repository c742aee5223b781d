// Litmus (rule 7, barrier): pipe_barrier(V) orders the dependent vector instructions.
// rule: barrier holds
// expect: clean
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  V vadds b <- a;
  pipe_barrier(V);
  V vadds c <- b;
}
