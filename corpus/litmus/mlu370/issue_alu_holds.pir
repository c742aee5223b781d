// Litmus (rule 1, issue, sync unit): the scalar ALU is synchronous: its store ends before the
// asynchronous copy issued after it starts.
// rule: issue holds-alu
// expect: clean
model "mlu370";
buffer dst : GDRAM[256];
buffer n : NRAM[256];
kernel k {
  ALU store_scalar n[0 +: 4];
  IO memcpy_async dst <- n;
}
