// pipe_barrier on the cube unit M of a vector core
// bad: 7:16 bad-unit exit=1 unit 'M' does not exist on core type AIV (its units: S V MTE2 MTE3)
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  pipe_barrier(M);
}
