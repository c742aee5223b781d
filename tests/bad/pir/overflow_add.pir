// INT64_MAX + 1 in a const
// bad: 6:11 input-error exit=2 integer overflow in '9223372036854775807 + 1'
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
const c = 9223372036854775807 + 1;
kernel k { }
