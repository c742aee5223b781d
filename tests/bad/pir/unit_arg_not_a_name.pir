// a number where a unit name belongs
// bad: 7:12 input-error exit=2 argument 1 of set_flag must be a unit name
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  set_flag(1, V, 0);
}
