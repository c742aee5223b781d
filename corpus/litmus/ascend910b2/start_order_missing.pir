// Litmus (rule 4, start order): the same three instructions with the set after the second vadds:
// start order only carries an ordering to instructions behind the set, so the two vadds are not
// ordered (RAW inside V).
// rule: start-order missing
// expect: raw-hazard@12
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  V vadds b <- a;
  V vadds c <- b;
  set_flag(V, MTE3, 0);
  wait_flag(V, MTE3, 0);
}
