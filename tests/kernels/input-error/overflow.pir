// input-error: 64-bit signed arithmetic overflows in a buffer size; PIR never wraps around.
// expect: input-error@4
model "ascend910b2";
buffer g : GM[0x4000000000000000 * 4];
kernel k {
  S get_value <- g[0 +: 4];
}
