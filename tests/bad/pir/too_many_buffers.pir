// five buffers past --max-buffers 4
// bad: 9:8 limit-exceeded exit=2 more than 4 buffers; raise the limit with --max-buffers
// args: --max-buffers 4
model "ascend910b2";
buffer b0 : UB[8];
buffer b1 : UB[8];
buffer b2 : UB[8];
buffer b3 : UB[8];
buffer b4 : UB[8];
kernel k { }
