// 'as' needs a read; without '<-' the word is no keyword and the line does not parse
// bad: 6:25 syntax-error exit=2 unexpected identifier, expecting '<-' or '[' or ';' or ','
model "ascend910b2";
buffer a : UB[64];
kernel k {
  S set_value a[0 +: 4] as v;
}
