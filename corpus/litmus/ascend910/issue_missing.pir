// Litmus (rule 1, issue): the issuer does not wait for the pipelined V unit, so a later scalar
// read of what V writes is unordered. Same verdict under ascend910b2.
// rule: issue missing
// expect: raw-hazard@11
// expect(--model ascend910b2): raw-hazard@11
model "ascend910";
buffer a : UB[64];
buffer b : UB[64];
kernel k {
  V vadds a <- b;
  S get_value <- a[0 +: 4];
}
