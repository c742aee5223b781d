// war-hazard on MLU370, fixed: __sync_compute() drains the compute queue before the load.
// expect: clean
model "mlu370";
buffer g : GDRAM[8192];
buffer a : NRAM[4096];
buffer b : NRAM[4096];
kernel k {
  COMPUTE bang_active_exp b <- a;
  sync_compute();
  IO memcpy_async a <- g[4096 +: 4096];
}
