// Litmus (model difference, boundary): id 3 is the highest id of the 910 and valid on both models.
// rule: model ids-boundary
// expect: clean
// expect(--model ascend910b2): clean
model "ascend910";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 3);
  wait_flag(MTE2, V, 3);
  V vadds b <- a;
}
