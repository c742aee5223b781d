// min with three arguments
// bad: 4:11 syntax-error exit=2 'min' takes 2 arguments, not 3
model "ascend910b2";
const c = min(1, 2, 3);
