// a block comment that never ends
// bad: 4:1 syntax-error exit=2 unterminated comment
model "ascend910b2";
/* the rest of the file
   was lost
