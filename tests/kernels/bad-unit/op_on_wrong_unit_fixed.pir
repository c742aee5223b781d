// bad-unit, fixed: copy_ubuf_to_gm written without a unit goes to MTE3, as the op table says.
// expect: clean
model "ascend910b2";
buffer z_gm : GM[256];
buffer z_ub : UB[256];
kernel k {
  copy_ubuf_to_gm z_gm <- z_ub;
}
