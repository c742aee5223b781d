// input-error: the region's offset divides by a tile count that is 0 for this kernel.
// expect: input-error@8
model "ascend910b2";
const PARTS = 0;
buffer x_gm : GM[1024];
buffer x_ub : UB[1024];
kernel k {
  MTE2 copy x_ub <- x_gm[1024 / PARTS +: 16];
}
