// ? used as a value
// bad: 7:11 input-error exit=2 '?' is only allowed as the whole condition of an if or as a region's only index (x[?])
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  let t = ?;
}
