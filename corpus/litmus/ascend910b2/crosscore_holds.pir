// Litmus (rule 9, cross-core flag): the AIC sets flag 3 in mode 2 after its fixpipe writes, each AIV
// waits for it before reading its half of c_gm.
// rule: cross-core holds
// expect: clean
model "ascend910b2";
buffer c_gm : GM[2][1024];
buffer l0c : L0C[1024];
buffer v_ub : UB[1024];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm[0] <- l0c;
    FIX fixpipe c_gm[1] <- l0c;
    cross_core_set_flag(FIX, 2, 3);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 2, 3);
    MTE2 copy v_ub <- c_gm[coreid];
  }
}
