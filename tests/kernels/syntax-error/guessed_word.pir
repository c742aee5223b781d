// After a kernel's name only `{` or `guessed(...)` may come.
// expect: syntax-error@5
model "ascend910b2";
buffer x_ub : UB[256];
kernel k assumed("n" = 1) {
  V vdup x_ub;
}
