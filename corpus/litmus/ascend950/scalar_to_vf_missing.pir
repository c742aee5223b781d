// Litmus (S to V hand-off, rule 1): the issuer's store does not hold issue: the vector function
// issued after SetValue may read the bytes before the store lands (S_V pair needed).
// rule: scalar-vector missing
// expect: raw-hazard@10
model "ascend950";
buffer a : UB[64];
buffer b : UB[64];
kernel k {
  S set_value a[0 +: 4];
  V vf b <- a;
}
