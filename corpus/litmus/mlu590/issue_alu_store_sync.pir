// Litmus (rule 1 with rule 7): __sync() drains every unit, the scalar ALU included, before
// anything after it starts: the asynchronous store reads the bytes the scalar wrote.
// rule: issue holds-alu-store
// expect: clean
model "mlu590";
buffer dst : GDRAM[1024];
buffer n : NRAM[1024];
kernel k {
  ALU store_scalar n[0 +: 4];
  sync();
  IO memcpy_async dst <- n;
}
