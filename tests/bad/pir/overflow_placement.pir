// a placement whose end does not fit in 64 bits
// bad: 4:22 input-error exit=2 buffer 'a': placement 9223372036854775807 + size 256 overflows 64 bits
model "ascend910b2";
buffer a : UB[256] @ 9223372036854775807;
kernel k { }
