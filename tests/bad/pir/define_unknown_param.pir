// -D for a param the file does not declare
// bad: - unknown-name exit=2 -D m=2: the file declares no param 'm'
// args: -D m=2
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
param n = 1;
kernel k { }
