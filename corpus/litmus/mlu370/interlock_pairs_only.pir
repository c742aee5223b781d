// Litmus (rule 8, interlock joins conflicting pairs only): the relu reads x, the ALU store is
// interlocked but touches other bytes, so no interlock edge joins them; the ALU then orders only
// what comes after it, and the asynchronous reload of x may overwrite it while the relu reads it.
// rule: interlock missing-pairs
// expect: war-hazard@14
model "mlu370";
buffer src : GDRAM[256];
buffer x : NRAM[256];
buffer y : NRAM[256];
buffer z : NRAM[64];
kernel k {
  COMPUTE bang_active_relu y <- x;
  ALU store_scalar z[0 +: 4];
  IO memcpy_async x <- src;
}
