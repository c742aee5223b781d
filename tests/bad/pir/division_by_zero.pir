// division by a let that is zero
// bad: 8:28 input-error exit=2 division by zero in '256 / z'
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  let z = 0;
  MTE2 copy a[0] <- x[0 +: 256 / z];
}
