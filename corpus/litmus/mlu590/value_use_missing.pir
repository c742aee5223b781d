// Litmus (rule 10, value use): the same read, its value needed only after the asynchronous
// copy was issued: nothing orders the read before the copy overwrites its bytes.
// rule: value-use missing
// expect: war-hazard@10
model "mlu590";
buffer src : GDRAM[1024];
buffer n : NRAM[1024];
kernel k {
  ALU load_scalar <- n[0 +: 4] as count;
  IO memcpy_async n <- src;
  use count;
}
