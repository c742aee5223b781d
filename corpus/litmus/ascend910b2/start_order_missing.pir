// Litmus (rule 4, start order): start order carries an ordering only to instructions behind a wait
// or barrier of the same queue; with nothing of the kind between them the two vadds are not
// ordered (RAW inside V), and the set after them orders nothing on V either (rule 5).
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
