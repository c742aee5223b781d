// unknown-name: `vsigmoid` is not in the op table, so it cannot be written without a unit.
// expect: unknown-name@7
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  vsigmoid b <- a;
}
