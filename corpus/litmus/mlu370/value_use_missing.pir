// Litmus (rule 10, value use): the same read whose value is needed only after the asynchronous
// copy was issued: nothing orders the read before the copy overwrites its bytes.
// rule: value-use missing
// expect: war-hazard@10
model "mlu370";
buffer src : GDRAM[256];
buffer n : NRAM[256];
kernel k {
  ALU load_scalar <- n[0 +: 4] as count;
  IO memcpy_async n <- src;
  use count;
}
