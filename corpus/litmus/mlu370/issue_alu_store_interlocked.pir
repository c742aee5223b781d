// Litmus (rule 8): a scalar access and a non-async copy are both interlocked: the core orders the
// conflicting pair by itself, so the synchronous memcpy needs no sync.
// rule: interlock holds-alu
// expect: clean
model "mlu370";
buffer dst : GDRAM[256];
buffer n : NRAM[256];
kernel k {
  ALU store_scalar n[0 +: 4];
  IO memcpy dst <- n;
}
