// Litmus (rule 1, issue): the S_V pair after a scalar store: the wait on V holds V's queue until
// the set on S has fired, which is after the store ended (rule 5).
// rule: issue holds-scalar
// expect: clean
model "ascend910b2";
buffer a : UB[64];
buffer b : UB[64];
kernel k {
  S set_value a[0 +: 4];
  set_flag(S, V, 0);
  wait_flag(S, V, 0);
  V vadds b <- a;
}
