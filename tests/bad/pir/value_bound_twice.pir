// one binding per name per block
// bad: 7:31 input-error exit=2 'v' is already bound by an 'as' in this block (line 6)
model "ascend910b2";
buffer a : UB[64];
kernel k {
  S get_value <- a[0 +: 4] as v;
  S get_value <- a[4 +: 4] as v;
  use v;
}
