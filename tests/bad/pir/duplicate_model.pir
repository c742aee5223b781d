// two model declarations
// bad: 4:1 input-error exit=2 second model declaration (the first is at line 3)
model "ascend910b2";
model "mlu370";
kernel k { }
