// out-of-bounds: a buffer placed at 0x20000 with 128 KiB ends past the 192 KiB UB of A2.
// expect: out-of-bounds@4
model "ascend910b2";
buffer big : UB[131072] @ 0x20000;
kernel k {
  V vdup big;
}
