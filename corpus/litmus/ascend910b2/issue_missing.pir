// Litmus (rule 1, issue): V is pipelined, so the issuer does not wait for it: the later S read of
// what V writes is unordered.
// rule: issue missing
// expect: raw-hazard@10
model "ascend910b2";
buffer a : UB[64];
buffer b : UB[64];
kernel k {
  V vadds a <- b;
  S get_value <- a[0 +: 4];
}
