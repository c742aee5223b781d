// Litmus (rule 1, issue, sync unit): the ALU being synchronous orders it only before what comes
// after it: it may read n while the earlier asynchronous load is still writing it.
// rule: issue missing-alu
// expect: raw-hazard@10
model "mlu370";
buffer src : GDRAM[256];
buffer n : NRAM[256];
kernel k {
  IO memcpy_async n <- src;
  ALU load_scalar <- n[0 +: 4];
}
