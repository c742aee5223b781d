// Litmus (rule 1, issue): S is a sync unit on the 910 too: its write ends before the V read that
// is issued after it. Same verdict under ascend910b2.
// rule: issue holds
// expect: clean
// expect(--model ascend910b2): clean
model "ascend910";
buffer a : UB[64];
buffer b : UB[64];
kernel k {
  S set_value a[0 +: 4];
  V vadds b <- a;
}
