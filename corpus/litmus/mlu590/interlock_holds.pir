// Litmus (rule 8, interlock): the bang_* op and the synchronous __memcpy are both interlocked
// and conflict on y, so the core orders them by itself.
// rule: interlock holds
// expect: clean
model "mlu590";
buffer out : GDRAM[1024];
buffer x : NRAM[1024];
buffer y : NRAM[1024];
kernel k {
  COMPUTE bang_add y <- x, x;
  IO memcpy out <- y;
}
