// a loop that steps backwards
// bad: 7:22 input-error exit=2 loop step must be positive, got -1
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  for i in 0..4 step -1 { }
}
