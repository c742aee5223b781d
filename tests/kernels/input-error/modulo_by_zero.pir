// input-error: `% 0` in a slot index is a division by zero too.
// expect: input-error@8
model "ascend910b2";
param slots = 0;
buffer x_ub : UB[2][256];
kernel k {
  for i in 0..2 {
    V vdup x_ub[i % slots];
    pipe_barrier(V);
  }
}
