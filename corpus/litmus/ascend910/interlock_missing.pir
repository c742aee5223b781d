// Litmus (rule 8, interlock): no op of the 910 is interlocked: an MTE1 load and the mmad reading
// it need a flag. Same verdict under ascend910b2 (where the pair would run on the AIC).
// rule: interlock missing
// expect: raw-hazard@12
model "ascend910";
buffer a1 : L1[512];
buffer a : L0A[512];
buffer b : L0B[512];
buffer c : L0C[1024];
kernel k {
  MTE1 load_cbuf_to_ca a <- a1;
  M mmad c <- a, b;
}
