// an overlong UTF-8 form (0xC0 0x80 for NUL) in a string
// bad: 3:14 syntax-error exit=2 invalid UTF-8 byte '\xc0' in string
model "ascend¿Ä";
