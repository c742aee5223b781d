// a value name must not be a param, const, let or loop variable
// bad: 7:31 input-error exit=2 'n' is already a param or const; a value bound with 'as' needs a name of its own
model "ascend910b2";
param n = 2;
buffer a : UB[64];
kernel k {
  S get_value <- a[0 +: 4] as n;
}
