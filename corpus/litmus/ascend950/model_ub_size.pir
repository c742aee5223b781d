// Litmus (model difference, memory size): a 240 KiB UB buffer fits in the 950's 256 KiB UB but
// not in the 192 KiB UB of ascend910b2.
// rule: model sizes
// expect: clean
// expect(--model ascend910b2): out-of-bounds@8
model "ascend950";
buffer x_gm : GM[245760];
buffer x_ub : UB[245760];
kernel k {
  MTE2 copy x_ub <- x_gm;
}
