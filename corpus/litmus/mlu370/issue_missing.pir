// Litmus (rule 1, issue): with memcpy_async the load is neither blocking nor interlocked, so the
// move on the MOVE queue may read n before the load has written it.
// rule: issue missing
// expect: raw-hazard@11
model "mlu370";
buffer src : GDRAM[256];
buffer n : NRAM[256];
buffer w : WRAM[256];
kernel k {
  IO memcpy_async n <- src;
  MOVE memcpy_async w <- n;
}
