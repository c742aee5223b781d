// Litmus (rule 4, start order): the wait holds M's queue until the MTE1 loads' flag fired; the
// second mmad cannot start before the first started, so both read the loaded L0A.
// rule: start-order holds
// expect: clean
model "ascend910";
buffer l1 : L1[1024];
buffer a : L0A[512];
buffer b : L0B[512];
buffer c : L0C[1024];
buffer d : L0C[1024];
kernel k {
  MTE1 load a <- l1[0 +: 512];
  set_flag(MTE1, M, 0);
  wait_flag(MTE1, M, 0);
  M mmad c <- a, b;
  M mmad d <- a, b;
}
