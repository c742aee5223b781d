// bytes that are not UTF-8 inside comments are ignored; the next line is still checked
// bad: 6:25 unknown-name exit=2 unknown buffer 'b'
model "ascend910b2";
// ÿþÀ€ garbage in a comment
/* í € */ buffer a : UB[256];
kernel k { V vadds a <- b; }
