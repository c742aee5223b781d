// Litmus (rule 10, value use): the ALU reads a count that the asynchronous copy after it takes
// as its size, so issue stalls at `use` until the read ended and the copy cannot overwrite the
// bytes while they are read.
// rule: value-use holds
// expect: clean
model "mlu590";
buffer src : GDRAM[1024];
buffer n : NRAM[1024];
kernel k {
  ALU load_scalar <- n[0 +: 4] as count;
  use count;
  IO memcpy_async n <- src;
}
