// Litmus (S to V hand-off, rule 1): the S_V pair orders the vector function after the store.
// rule: scalar-vector holds
// expect: clean
model "ascend950";
buffer a : UB[64];
buffer b : UB[64];
kernel k {
  S set_value a[0 +: 4];
  set_flag(S, V, 1);
  wait_flag(S, V, 1);
  V vf b <- a;
}
