// Litmus (V to MTE3 hand-off): V ordering itself does not order MTE3: the copy out may read the
// result before the vector function has written it. A V_MTE3 flag pair is needed.
// rule: vector-out missing
// expect: raw-hazard@11
model "ascend950";
buffer a : UB[256];
buffer b : UB[256];
buffer y_gm : GM[256];
kernel k {
  V vf b <- a;
  MTE3 copy y_gm <- b;
}
