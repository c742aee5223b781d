model "ascend910b2";
buffer a : UB[2][256];
kernel k {
  core c[4096] : AIV {
    for i in 0..8 { V vadds a[0] <- a[1]; }
  }
}
