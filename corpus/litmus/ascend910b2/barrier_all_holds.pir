// Litmus (rule 7, barrier across units): pipe_barrier(ALL) drains every pipe before any continues,
// so it orders the MTE2 copy before the vadds without a flag.
// rule: barrier holds-all
// expect: clean
model "ascend910b2";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  pipe_barrier(ALL);
  V vadds b <- a;
}
