// unused-suppression: the hazard this ignore was written for was fixed (the barrier), so the
// comment suppresses nothing and would hide a later race on the line.
// expect: unused-suppression@8
model "ascend910b2";
buffer a : UB[64];
kernel k {
  V vadds a <- a;
  // accelsync: ignore(waw-hazard) the vector pipe orders these (it does not: barrier added)
  pipe_barrier(V);
  V vmuls a <- a;
}
