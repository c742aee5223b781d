// Merged choices (docs/semantics.md §6) leave out interlocked sides: on mlu370 the scalar
// store to `a` is ordered before the COMPUTE op that reads it (rule 8), and that op before the
// next COMPUTE op and __sync_compute(); so on the `then` path the async load into `a` comes
// after the store. On the `else` path nothing drains the ALU store before it: a WAW race
// that a run with both sides merged would not see.
// expect: waw-hazard@17
model "mlu370";
buffer a : NRAM[64];
buffer b : NRAM[64];
buffer c : NRAM[64];
buffer g : GDRAM[64];
kernel k {
  ALU store_scalar a[0 +: 4];
  if (?) { COMPUTE bang_add b <- a; }
  COMPUTE bang_add c <- c;
  sync_compute();
  IO memcpy_async a <- g;
  sync();
}
