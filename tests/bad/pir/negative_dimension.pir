// a buffer of -16 bytes
// bad: 4:15 input-error exit=2 buffer 'a': dimension must be positive, got -16
model "ascend910b2";
buffer a : UB[-16];
kernel k { }
