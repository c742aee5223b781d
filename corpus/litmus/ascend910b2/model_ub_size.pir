// Litmus (model difference, memory size): a 224 KiB UB buffer does not fit in the 192 KiB UB of
// ascend910b2 but fits in the 256 KiB UB of ascend910.
// rule: model sizes
// expect: out-of-bounds@8
// expect(--model ascend910): clean
model "ascend910b2";
buffer x_gm : GM[229376];
buffer x_ub : UB[229376];
kernel k {
  MTE2 copy x_ub <- x_gm;
}
