// an op the model does not list, without a unit
// bad: 7:3 unknown-name exit=2 unknown op 'vfrobnicate': model ascend910b2's op table does not list it; write its unit explicitly (UNIT vfrobnicate ...)
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  vfrobnicate a[0] <- a[1];
}
