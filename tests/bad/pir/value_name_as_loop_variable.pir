// a loop variable may not take the name of a value it sees
// bad: 7:7 input-error exit=2 'v' is already a value bound with 'as' (line 6); a loop variable needs a name of its own
model "ascend910b2";
buffer a : UB[64];
kernel k {
  S get_value <- a[0 +: 4] as v;
  for v in 0..2 { use v; }
}
