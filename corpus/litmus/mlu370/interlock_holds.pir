// Litmus (rule 8, interlock): bang_active_relu and the synchronous memcpy are both interlocked and
// conflict on y, so the core orders them by itself.
// rule: interlock holds
// expect: clean
model "mlu370";
buffer out : GDRAM[256];
buffer x : NRAM[256];
buffer y : NRAM[256];
kernel k {
  COMPUTE bang_active_relu y <- x;
  IO memcpy out <- y;
}
