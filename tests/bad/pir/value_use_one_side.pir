// a value bound on one side of an if (?) is not bound after it
// bad: 9:7 input-error exit=2 use of 'v', which no read binds on every path to it (bind it with '... as v;' before, in this block or one around it)
model "ascend910b2";
buffer a : UB[64];
kernel k {
  if (?) {
    S get_value <- a[0 +: 4] as v;
  }
  use v;
}
