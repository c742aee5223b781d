model "ascend910b2";
buffer gm0 : GM[256];
buffer gm1 : GM[256];
buffer l0c : L0C[256];
buffer ub : UB[256];
buffer ub2 : UB[256];
buffer ub3 : UB[256];
kernel k {
  core aic : AIC {
    FIX fixpipe gm0 <- l0c;
    cross_core_set_flag(FIX, 2, 3);
    MTE3 copy gm1 <- ub;
    cross_core_set_flag(MTE3, 2, 3);
  }
  core aiv : AIV {
    cross_core_wait_flag(MTE2, 2, 3);
    MTE2 copy ub2 <- gm0;
    cross_core_wait_flag(MTE2, 2, 3);
    MTE2 copy ub3 <- gm1;
  }
}
