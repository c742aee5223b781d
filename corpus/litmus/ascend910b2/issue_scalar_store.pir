// Litmus (rule 1, issue): the issuer's own accesses do not hold issue. A scalar store may still be
// in flight when the vector instruction issued after it reads the same bytes: the vendor asks for
// an S_V flag pair after SetValue (see issue_scalar_store_s_v.pir).
// rule: issue missing-scalar
// expect: raw-hazard@11
model "ascend910b2";
buffer a : UB[64];
buffer b : UB[64];
kernel k {
  S set_value a[0 +: 4];
  V vadds b <- a;
}
