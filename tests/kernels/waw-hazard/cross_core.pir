// waw-hazard between cores: both AIVs store to the same GM bytes with nothing ordering them (a
// race, reported once with the writers in core order).
// expect: waw-hazard@9
model "ascend910b2";
buffer out : GM[256];
buffer u : UB[256];
kernel k {
  core aiv[2] : AIV {
    MTE3 copy out <- u;
  }
}
