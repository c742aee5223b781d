// a buffer with an empty slot dimension
// bad: 4:15 input-error exit=2 buffer 'a': dimension must be positive, got 0
model "ascend910b2";
buffer a : UB[0][256];
kernel k { }
