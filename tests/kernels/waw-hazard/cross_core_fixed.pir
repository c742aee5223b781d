// waw-hazard between cores, fixed: each AIV stores its own half of the GM output (coreid).
// expect: clean
model "ascend910b2";
buffer out : GM[256];
buffer u : UB[128];
kernel k {
  core aiv[2] : AIV {
    MTE3 copy out[coreid*128 +: 128] <- u;
  }
}
