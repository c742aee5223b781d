// Litmus (rule 10, value use): the scalar ALU reads a count and the asynchronous copy after it
// takes the count as its size, so the issuer stalls at `use` until the read has ended and the
// copy, which is not interlocked, cannot overwrite the bytes while they are read.
// rule: value-use holds
// expect: clean
model "mlu370";
buffer src : GDRAM[256];
buffer n : NRAM[256];
kernel k {
  ALU load_scalar <- n[0 +: 4] as count;
  use count;
  IO memcpy_async n <- src;
}
