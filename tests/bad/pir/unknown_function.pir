// a function other than min and max
// bad: 4:11 syntax-error exit=2 unknown function 'sqrt'
model "ascend910b2";
const c = sqrt(16);
