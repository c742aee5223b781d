// Litmus (rule 1, issue): the scalar ALU is the issuer and its own accesses do not hold issue;
// the asynchronous store is not interlocked, so it may read n while the scalar write is pending.
// rule: issue missing-alu-store
// expect: raw-hazard@10
model "mlu590";
buffer dst : GDRAM[1024];
buffer n : NRAM[1024];
kernel k {
  ALU store_scalar n[0 +: 4];
  IO memcpy_async dst <- n;
}
