// only a read on the issuer binds a value
// bad: 6:21 input-error exit=2 only a read on the issuer (S on core type AIV) binds a value; this access runs on V
model "ascend910b2";
buffer a : UB[64];
kernel k {
  V vadds a <- a as v;
  use v;
}
