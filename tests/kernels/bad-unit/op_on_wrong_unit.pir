// bad-unit: the op table puts copy_ubuf_to_gm on MTE3, but it is written on MTE2.
// expect: bad-unit@7 bad-unit@7 bad-unit@7
model "ascend910b2";
buffer z_gm : GM[256];
buffer z_ub : UB[256];
kernel k {
  MTE2 copy_ubuf_to_gm z_gm <- z_ub;
}
