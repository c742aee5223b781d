model "ascend910b2";
param n in 1..3;
param tile = 256;
buffer x_gm : GM[8 * tile];
buffer a : UB[2][tile];
buffer c : L1[tile];
kernel k {
  core aic : AIC {
    MTE2 copy c <- x_gm[0 +: tile];
    cross_core_set_flag(MTE2, 2, 1);
  }
  core aiv[2] : AIV {
    cross_core_wait_flag(MTE2, 2, 1);
    for i in 0..n step 1 {
      if (?) {
        pipe_barrier(MTE2);
      } else {
        set_flag(MTE2, V, i % 2);
        wait_flag(MTE2, V, i % 2);
      }
      MTE2 copy a[i % 2] <- x_gm[(coreid * n + i) * tile +: tile];
      V vadds a[i % 2] <- a[(i + 1) % 2];
    }
  }
}
