// Litmus (MTE2 to V hand-off): a vector function's register loads from UB run in PIPE_V and are
// not ordered after the copy in: without an MTE2_V pair they may read stale bytes.
// rule: vector-in missing
// expect: raw-hazard@11
model "ascend950";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  V vf b <- a;
}
