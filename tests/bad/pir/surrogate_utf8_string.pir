// a UTF-16 surrogate encoded as UTF-8 in a string
// bad: 3:9 syntax-error exit=2 invalid UTF-8 byte '\xed' in string
model "xí €";
