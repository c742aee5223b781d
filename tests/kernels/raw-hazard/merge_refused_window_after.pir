// Choices in a quiet window (docs/semantics.md §6) need the window quiet after the choice
// too: on the `then` path the scalar read of n[128] waits for the vector write (interlock,
// rule 8) and the copy out waits for the read (`use`, rule 10); on the `else` path nothing
// orders the asynchronous copy out after the vector write: a RAW race that a run with both
// sides merged would not see. No sync() separates the copy from the choice, so the choice
// is explored.
// expect: raw-hazard@15
model "mlu370";
buffer g : GDRAM[256];
buffer n : NRAM[256];
kernel k {
  sync();
  COMPUTE bang_write_value n[128 +: 64];
  if (?) { ALU load_scalar <- n[128 +: 4] as v; use v; }
  IO memcpy_async g[0 +: 64] <- n[128 +: 64];
}
