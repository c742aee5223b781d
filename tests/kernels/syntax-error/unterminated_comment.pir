// syntax-error: a block comment that is never closed (and so the kernel is never closed either).
// expect: syntax-error@7 syntax-error@9
model "ascend910b2";
buffer u : UB[256];
kernel k {
  V vdup u;
  /* the rest of the kernel was commented out
}
