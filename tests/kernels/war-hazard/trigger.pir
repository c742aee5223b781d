// war-hazard: MTE2 refills x_ub while V may still be reading the previous contents (and may
// overtake the first copy: the MTE2->V set does not hold the MTE2 pipe, hence the waw-hazard).
// expect: war-hazard@13 waw-hazard@13
model "ascend910b2";
buffer x_gm : GM[2048];
buffer x_ub : UB[1024];
buffer y_ub : UB[1024];
kernel k {
  MTE2 copy x_ub <- x_gm[0 +: 1024];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vabs y_ub <- x_ub;
  MTE2 copy x_ub <- x_gm[1024 +: 1024];
}
