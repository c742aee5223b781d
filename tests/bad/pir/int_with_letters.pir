// letters glued to a number
// bad: 4:11 syntax-error exit=2 invalid integer literal '12ab'
model "ascend910b2";
const c = 12ab;
