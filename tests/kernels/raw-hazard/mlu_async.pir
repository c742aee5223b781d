// raw-hazard on MLU370: bang_add reads NRAM filled by a __memcpy_async (not interlocked) with no
// __sync_io() in between.
// expect: raw-hazard@10
model "mlu370";
buffer g : GDRAM[4096];
buffer a : NRAM[4096];
buffer b : NRAM[4096];
kernel k {
  IO memcpy_async a <- g;
  COMPUTE bang_add b <- a, a;
}
