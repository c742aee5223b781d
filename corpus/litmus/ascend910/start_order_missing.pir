// Litmus (rule 4, start order): with the set after both mmads nothing orders the second one after
// the first (RAW and WAW inside M).
// rule: start-order missing
// expect: raw-hazard@11 waw-hazard@11
model "ascend910";
buffer a : L0A[512];
buffer b : L0B[512];
buffer c : L0C[1024];
kernel k {
  M mmad c <- a, b;
  M mmad c <- a, b, c;
  set_flag(M, V, 0);
  wait_flag(M, V, 0);
}
