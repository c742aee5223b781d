// Litmus (model difference, units): a single-core kernel runs on the default core type: the 910's
// unified AI core has the cube pipe, ascend910b2's default AIV does not.
// rule: model units
// expect: clean
// expect(--model ascend910b2): bad-unit@11
model "ascend910";
buffer a : L0A[512];
buffer b : L0B[512];
buffer c : L0C[1024];
kernel k {
  M mmad c <- a, b;
}
