// Litmus (rule 8, interlock): memcpy_async is not interlocked, so the store may read y before the
// relu has written it.
// rule: interlock missing
// expect: raw-hazard@11
model "mlu370";
buffer out : GDRAM[256];
buffer x : NRAM[256];
buffer y : NRAM[256];
kernel k {
  COMPUTE bang_active_relu y <- x;
  IO memcpy_async out <- y;
}
