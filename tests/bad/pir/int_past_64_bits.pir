// a decimal literal one past INT64_MAX
// bad: 4:13 syntax-error exit=2 integer literal '9223372036854775808' does not fit in 64 bits
model "ascend910b2";
const big = 9223372036854775808;
