// 2^32 * 2^32 in a param
// bad: 6:11 input-error exit=2 integer overflow in '4294967296 * 4294967296'
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
param n = 4294967296 * 4294967296;
kernel k { }
