// Litmus (rule 1, issue): a wait placed on the issuer S holds issue on the 910 too: the MTE3 copy
// issued after wait_flag(MTE2, S) is ordered after the MTE2 copy. Same verdict under ascend910b2.
// rule: issue holds
// expect: clean
// expect(--model ascend910b2): clean
model "ascend910";
buffer g : GM[64];
buffer g2 : GM[64];
buffer a : UB[64];
kernel k {
  MTE2 copy a <- g;
  set_flag(MTE2, S, 0);
  wait_flag(MTE2, S, 0);
  MTE3 copy g2 <- a;
}
