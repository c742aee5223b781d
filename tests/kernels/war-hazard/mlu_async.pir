// war-hazard on MLU370: an asynchronous load overwrites NRAM that bang_active_exp may still read;
// *_async copies are not interlocked with the compute queue.
// expect: war-hazard@10
model "mlu370";
buffer g : GDRAM[8192];
buffer a : NRAM[4096];
buffer b : NRAM[4096];
kernel k {
  COMPUTE bang_active_exp b <- a;
  IO memcpy_async a <- g[4096 +: 4096];
}
