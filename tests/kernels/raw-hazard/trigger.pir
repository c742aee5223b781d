// raw-hazard: V reads x_ub while the MTE2 copy that fills it may still be running (no flag pair).
// expect: raw-hazard@9
model "ascend910b2";
buffer x_gm : GM[1024];
buffer x_ub : UB[1024];
buffer y_ub : UB[1024];
kernel k {
  MTE2 copy x_ub <- x_gm;
  V vabs y_ub <- x_ub;
}
