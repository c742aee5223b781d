// Litmus (rule 8, interlock): memcpy_async is not interlocked, so the store may read y before
// the add has written it.
// rule: interlock missing
// expect: raw-hazard@11
model "mlu590";
buffer out : GDRAM[1024];
buffer x : NRAM[1024];
buffer y : NRAM[1024];
kernel k {
  COMPUTE bang_add y <- x, x;
  IO memcpy_async out <- y;
}
