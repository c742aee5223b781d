// Litmus (rule 10, value use): the scalar read binds its value (GetValue) and the vector op that
// follows takes it as its scalar operand, so the issuer stalls at `use` until the read has ended:
// the vector op issued after it may overwrite the bytes read with no S_V pair.
// rule: value-use holds
// expect: clean
model "ascend910b2";
buffer a : UB[64];
buffer b : UB[64];
kernel k {
  S get_value <- a[0 +: 4] as scale;
  use scale;
  V vmuls a <- b;
}
