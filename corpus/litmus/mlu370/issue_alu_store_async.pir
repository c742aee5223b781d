// Litmus (rule 1, issue): the scalar ALU is the issuer, and its own accesses do not hold issue; an
// asynchronous copy is not interlocked, so it may read n while the scalar store is still writing
// it. __sync() in between orders them (issue_alu_store_sync.pir).
// rule: issue missing-alu-store
// expect: raw-hazard@11
model "mlu370";
buffer dst : GDRAM[256];
buffer n : NRAM[256];
kernel k {
  ALU store_scalar n[0 +: 4];
  IO memcpy_async dst <- n;
}
