// a let bound twice in one block
// bad: 8:7 input-error exit=2 't' is already bound by a let in this block
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  let t = 1;
  let t = 2;
}
