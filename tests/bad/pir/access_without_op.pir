// a unit with regions but no op name
// bad: 7:3 input-error exit=2 missing op name after unit 'V' (write UNIT OP writes <- reads;)
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  V a[0] <- a[1];
}
