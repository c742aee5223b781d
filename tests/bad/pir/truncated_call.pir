// a primitive call cut after its first argument
// bad: 5:17 syntax-error exit=2 unexpected end of file
model "ascend910b2";
kernel k {
  set_flag(MTE2,