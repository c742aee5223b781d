// The same kernel with the op spelled as the model lists it.
// expect: clean
model "ascend910b2";
buffer x : UB[256];
buffer y : UB[256];
kernel k {
  V vadd y <- x;
}
