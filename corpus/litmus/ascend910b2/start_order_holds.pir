// Litmus (rule 4, start order): the set starts only after the first vadds ended (rule 5), and the
// second vadds, behind the set on the same pipe, starts after the set started: so it is ordered
// after the first vadds although no barrier sits between them.
// rule: start-order holds
// expect: clean
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
