// a kernel declared twice
// bad: 5:8 input-error exit=2 'k' is already declared as a kernel at line 4
model "ascend910b2";
kernel k { }
kernel k { }
