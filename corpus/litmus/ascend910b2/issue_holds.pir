// Litmus (rule 1, issue): a wait placed on the issuer S holds issue: nothing after it is issued
// until it ends. The MTE3 copy issued after wait_flag(MTE2, S) is therefore ordered after the MTE2
// copy the flag covers, with no flag of its own.
// rule: issue holds
// expect: clean
model "ascend910b2";
buffer g : GM[64];
buffer g2 : GM[64];
buffer a : UB[64];
kernel k {
  MTE2 copy a <- g;
  set_flag(MTE2, S, 0);
  wait_flag(MTE2, S, 0);
  MTE3 copy g2 <- a;
}
