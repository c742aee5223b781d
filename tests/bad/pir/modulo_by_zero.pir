// a loop bound computed modulo zero
// bad: 7:15 input-error exit=2 division by zero in '10 % (2 - 2)'
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  for i in 0..10 % (2 - 2) { }
}
