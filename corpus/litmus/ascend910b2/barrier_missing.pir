// Litmus (rule 7, barrier): a barrier on another pipe does not order V: pipe_barrier(MTE2) between
// two dependent vector instructions leaves them unordered.
// rule: barrier missing
// expect: raw-hazard@12
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  V vadds b <- a;
  pipe_barrier(MTE2);
  V vadds c <- b;
}
