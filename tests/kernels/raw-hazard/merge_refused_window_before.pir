// Choices in a quiet window (docs/semantics.md §6) need the window quiet before the choice
// too: on the `then` path the blocking copy waits for the asynchronous one ahead of it in
// the IO queue (rule 2) and holds issue until it ends (rule 1), so the vector read of n[0]
// comes after the asynchronous write; on the `else` path nothing orders them: a RAW race that
// a run with both sides merged would not see. No sync() separates the asynchronous copy from
// the choice, so the choice is explored.
// expect: raw-hazard@15
model "mlu370";
buffer g : GDRAM[256];
buffer n : NRAM[1024];
kernel k {
  IO memcpy_async n[0 +: 64] <- g[0 +: 64];
  if (?) { IO memcpy n[512 +: 64] <- g[64 +: 64]; }
  sync_compute();
  COMPUTE bang_add n[256 +: 64] <- n[0 +: 64], n[64 +: 64];
}
