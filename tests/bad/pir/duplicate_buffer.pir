// a buffer declared twice
// bad: 5:8 input-error exit=2 'a' is already declared as a buffer at line 4
model "ascend910b2";
buffer a : UB[256];
buffer a : UB[512];
kernel k { }
