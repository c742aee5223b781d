// Litmus (rule 1, issue): nothing orders the ALU after an asynchronous copy issued before it
// (copies of the *_async kind are not interlocked): it may read n while the load is writing it.
// rule: issue missing-alu
// expect: raw-hazard@10
model "mlu370";
buffer src : GDRAM[256];
buffer n : NRAM[256];
kernel k {
  IO memcpy_async n <- src;
  ALU load_scalar <- n[0 +: 4];
}
