// a unit-pair barrier (the compiler's auto_sync hand-off) takes two units
// bad: 6:3 input-error exit=2 auto_sync takes 2 arguments (FROM, TO), got 1
model "ascend910b2";
buffer a : UB[64];
kernel k {
  auto_sync(S);
}
