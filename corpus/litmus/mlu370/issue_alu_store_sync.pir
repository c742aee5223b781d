// Litmus (rule 1 with rule 7): sync() drains every unit, the ALU included, before anything after
// it starts: the asynchronous copy reads the stored bytes.
// rule: issue holds-alu-store
// expect: clean
model "mlu370";
buffer dst : GDRAM[256];
buffer n : NRAM[256];
kernel k {
  ALU store_scalar n[0 +: 4];
  sync();
  IO memcpy_async dst <- n;
}
