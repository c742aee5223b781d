// Litmus (rule 1, issue): memcpy_async is neither blocking nor interlocked, so the move on the
// MOVE queue may read n before the load has written it.
// rule: issue missing
// expect: raw-hazard@11
model "mlu590";
buffer src : GDRAM[1024];
buffer n : NRAM[1024];
buffer s : SRAM[1024];
kernel k {
  IO memcpy_async n <- src;
  MOVE memcpy_async s <- n;
}
