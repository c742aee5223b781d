// Litmus (rule 10, value use): a use waits for its own read, not for the issuer's other accesses:
// the scalar store between the read and the use may still be in flight when the copy issued after
// the use reads the bytes it writes.
// rule: value-use read-only
// expect: raw-hazard@13
model "ascend910b2";
buffer a : UB[64];
buffer g : GM[64];
kernel k {
  S get_value <- a[0 +: 4] as n;
  S set_value a[8 +: 4];
  use n;
  MTE3 copy_ubuf_to_gm g <- a;
}
