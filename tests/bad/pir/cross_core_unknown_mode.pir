// a cross-core flag mode the model does not declare
// bad: 7:44 bad-channel exit=1 cross-core mode 3 is not a mode of model ascend910b2
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  core c : AIC { cross_core_set_flag(MTE2, 3, 1); }
  core v : AIV { cross_core_wait_flag(MTE2, 3, 1); }
}
