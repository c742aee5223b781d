// an undeclared name in an expression
// bad: 7:23 unknown-name exit=2 unknown name 'n'
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  MTE2 copy a[0] <- x[n +: 256];
}
