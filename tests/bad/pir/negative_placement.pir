// a buffer placed before byte 0
// bad: 4:22 input-error exit=2 buffer 'a': placement must be a non-negative byte offset
model "ascend910b2";
buffer a : UB[256] @ -256;
kernel k { }
