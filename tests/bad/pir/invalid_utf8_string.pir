// a byte that is not UTF-8 in the model name
// bad: 3:14 syntax-error exit=2 invalid UTF-8 byte '\xff' in string
model "ascendÿ910b2";
