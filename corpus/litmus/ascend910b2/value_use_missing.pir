// Litmus (rule 10, value use): the same read with its value never needed before the vector op is
// issued (no `use`): the issuer does not wait for a scalar read, so the vector op may overwrite
// the bytes while the read is in flight.
// rule: value-use missing
// expect: war-hazard@11
model "ascend910b2";
buffer a : UB[64];
buffer b : UB[64];
kernel k {
  S get_value <- a[0 +: 4] as scale;
  V vmuls a <- b;
  use scale;
}
