// raw-hazard on MLU370, fixed: the synchronous __memcpy is interlocked with bang_add (and blocking).
// expect: clean
model "mlu370";
buffer g : GDRAM[4096];
buffer a : NRAM[4096];
buffer b : NRAM[4096];
kernel k {
  IO memcpy a <- g;
  COMPUTE bang_add b <- a, a;
}
