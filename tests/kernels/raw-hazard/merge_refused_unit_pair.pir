// Merged choices (docs/semantics.md §6) need barriers that compose: auto_sync(MTE2, V) orders
// the copy into `a` before the vadds on the `then` path, and auto_sync(V, MTE3) that vadds
// before the copy out of `a`, so on that path the two copies are ordered through it. On the
// `else` path nothing orders them: a RAW race a run with both sides merged would not see.
// The kernel calls unit-pair barriers that do not compose, so its choice is split.
// expect: raw-hazard@17
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
buffer g : GM[256];
buffer h : GM[256];
kernel k {
  MTE2 copy_gm_to_ubuf a <- g;
  auto_sync(MTE2, V);
  if (?) { V vadds b <- b; }
  auto_sync(V, MTE3);
  MTE3 copy_ubuf_to_gm h <- a;
}
