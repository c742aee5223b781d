// out-of-bounds, fixed: placed at 0x10000 the 128 KiB buffer ends exactly at the end of UB.
// expect: clean
model "ascend910b2";
buffer big : UB[131072] @ 0x10000;
kernel k {
  V vdup big;
}
