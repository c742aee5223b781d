// Merged choices (docs/semantics.md §6) leave out sides with `use`: on the `then` path the
// scalar read of `a` has ended before anything after `use v` is issued (rule 10), so the
// vector write of `a` comes after it; on the `else` path the read may still be in flight:
// a WAR race that a run with both sides merged would not see.
// expect: war-hazard@12
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  S get_value <- a[0 +: 4] as v;
  if (?) { use v; V vadds b <- b; }
  V vdup a;
}
