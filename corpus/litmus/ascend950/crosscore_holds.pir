// Litmus (cross-core flags, mode 2): the AIC's fixpipe results reach both AIVs through flag 3
// (modes 0-2 keep their A2 meaning on the 950).
// rule: cross-core holds
// expect: clean
model "ascend950";
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
    cross_core_wait_flag(S, 2, 3);
    MTE2 copy v_ub <- c_gm[coreid];
  }
}
