// vadds (a V op) issued on MTE3
// bad: 7:8 bad-unit exit=1 op 'vadds' runs on V, not on MTE3
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  MTE3 vadds a[0] <- a[1];
}
