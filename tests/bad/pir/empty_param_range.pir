// a param range whose end is below its start
// bad: 6:7 input-error exit=2 param 'n' has an empty range 5..1
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
param n in 5..1;
kernel k { }
