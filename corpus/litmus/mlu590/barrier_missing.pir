// Litmus (rule 7, barrier): __sync_move() drains the MOVE queue only; the load ran on IO, so the
// relu may read x before it lands (a barrier on the wrong queue).
// rule: barrier missing
// expect: raw-hazard@12
model "mlu590";
buffer src : GDRAM[4096];
buffer x : NRAM[4096];
buffer y : NRAM[4096];
kernel k {
  IO memcpy_async x <- src;
  sync_move();
  COMPUTE bang_active_relu y <- x;
}
