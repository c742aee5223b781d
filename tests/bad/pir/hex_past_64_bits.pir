// a hexadecimal literal of 65 bits
// bad: 4:13 syntax-error exit=2 integer literal '0x1_0000_0000_0000_0000' does not fit in 64 bits
model "ascend910b2";
const big = 0x1_0000_0000_0000_0000;
