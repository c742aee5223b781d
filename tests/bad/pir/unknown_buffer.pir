// a region of an undeclared buffer
// bad: 7:19 unknown-name exit=2 unknown buffer 'b'
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  V vadds a[0] <- b;
}
