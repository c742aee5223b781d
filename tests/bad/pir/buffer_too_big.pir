// a buffer larger than its space (UB has 196608 bytes)
// bad: 4:8 out-of-bounds exit=1 buffer 'big' (bytes 0..1048575) does not fit in UB (196608 bytes)
model "ascend910b2";
buffer big : UB[1048576];
kernel k { }
