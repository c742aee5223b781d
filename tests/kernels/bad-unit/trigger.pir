// bad-unit: the vector unit may not read GM (V reads and writes UB only); data must come through MTE2.
// expect: bad-unit@7
model "ascend910b2";
buffer x_gm : GM[1024];
buffer y_ub : UB[1024];
kernel k {
  V vabs y_ub <- x_gm;
}
