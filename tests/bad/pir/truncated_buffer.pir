// a buffer declaration cut after its "["
// bad: 4:15 syntax-error exit=2 unexpected end of file
model "ascend910b2";
buffer a : UB[