// a const with the name of a param
// bad: 5:7 input-error exit=2 'n' is already declared as a param at line 4
model "ascend910b2";
param n = 1;
const n = 2;
kernel k { }
