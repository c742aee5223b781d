// use names a value, not a let
// bad: 8:7 input-error exit=2 't' is a let, not a value bound with 'as'
model "ascend910b2";
buffer a : UB[64];
kernel k {
  let t = 1;
  S get_value <- a[0 +: 4] as v;
  use t;
  use v;
}
