// Litmus (rule 9, cross-core barrier): sync_all() takes every core of the kernel; the AIC does not
// call it, so the AIVs' barrier never completes (and their reads never start).
// rule: cross-core missing-barrier
// expect: deadlock@15
model "ascend910b2";
buffer c_gm : GM[2][1024];
buffer l0c : L0C[1024];
buffer v_ub : UB[1024];
kernel k {
  core aic : AIC {
    FIX fixpipe c_gm[0] <- l0c;
    FIX fixpipe c_gm[1] <- l0c;
  }
  core aiv[2] : AIV {
    sync_all();
    MTE2 copy v_ub <- c_gm[coreid];
  }
}
