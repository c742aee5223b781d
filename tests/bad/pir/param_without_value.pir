// a param with no value and no -D
// bad: 6:7 input-error exit=2 param 'n' has no value: give one with -D n=VALUE or declare a range (param n in LO..HI;)
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
param n;
kernel k { }
