// Litmus (rule 1, issue): S is a sync unit, so its write ends before the later V read is issued.
// rule: issue holds
// expect: clean
model "ascend910b2";
buffer a : UB[64];
buffer b : UB[64];
kernel k {
  S set_value a[0 +: 4];
  V vadds b <- a;
}
