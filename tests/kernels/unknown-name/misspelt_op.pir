// unknown-name: a misspelt op on a unit whose ops the model lists is refused, with the nearest
// op the unit runs ("did you mean 'vadd'?"), instead of being checked as some other op.
// expect: unknown-name@8
model "ascend910b2";
buffer x : UB[256];
buffer y : UB[256];
kernel k {
  V vaddd y <- x;
}
