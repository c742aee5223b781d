// unknown-name: NRAM is a Cambricon space; ascend910b2 has GM, UB, L1, L0A, L0B, L0C, BT, FB.
// expect: unknown-name@4
model "ascend910b2";
buffer x : NRAM[256];
kernel k {
  V vdup x;
}
