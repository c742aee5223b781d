// Litmus (V to S hand-off): a scalar read of a vector function's result issues at once; the
// function may still be running. The arch35 kernels put a V_S pair here.
// rule: vector-scalar missing
// expect: raw-hazard@10
model "ascend950";
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  V vf b <- a;
  S get_value <- b[0 +: 4];
}
