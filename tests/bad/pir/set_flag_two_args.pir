// set_flag with its event id missing
// bad: 7:3 input-error exit=2 set_flag takes 3 arguments (SRC, DST, ID), got 2
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  set_flag(MTE2, V);
}
