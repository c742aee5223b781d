// Litmus (rule 7, barrier): __sync_io() makes everything after it wait until the IO queue has
// drained, so the compute instruction reads the tile the asynchronous load wrote.
// rule: barrier holds
// expect: clean
model "mlu590";
buffer src : GDRAM[4096];
buffer x : NRAM[4096];
buffer y : NRAM[4096];
kernel k {
  IO memcpy_async x <- src;
  sync_io();
  COMPUTE bang_active_relu y <- x;
}
