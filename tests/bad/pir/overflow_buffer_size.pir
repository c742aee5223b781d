// buffer dimensions whose product does not fit in 64 bits
// bad: 4:27 input-error exit=2 buffer 'a': size overflows 64 bits
model "ascend910b2";
buffer a : GM[4294967296][4294967296];
kernel k { }
