// a UTF-8 sequence cut short by the closing quote
// bad: 3:9 syntax-error exit=2 invalid UTF-8 byte '\xe2' in string
model "xâ‚";
