// a use of a value no read binds before it
// bad: 8:7 input-error exit=2 use of 'v', which no read binds on every path to it (bind it with '... as v;' before, in this block or one around it)
model "ascend910b2";
buffer a : UB[64];
kernel k {
  let t = 1;
  S get_value <- a[0 +: 4];
  use v;
}
