// input-error: eight IPUs are two MLU370 clusters; a kernel without `cluster` blocks is one
// cluster, and __sync_cluster() would join cores the hardware does not join.
// expect: input-error@7
model "mlu370";
buffer x_nram : NRAM[64];
kernel k {
  core ipu[8] : IPU { COMPUTE bang_add x_nram <- x_nram; sync_cluster(); }
}
