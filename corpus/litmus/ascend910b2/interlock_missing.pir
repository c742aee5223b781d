// Litmus (rule 8, interlock): no Ascend op is interlocked, so a copy and the vector instruction
// reading its result conflict with nothing in between (on mlu370 the analogous pair of interlocked
// ops is ordered by the hardware).
// rule: interlock missing
// expect: raw-hazard@12
model "ascend910b2";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  V vadds b <- a;
}
