// a sync primitive the model does not have
// bad: 7:3 unknown-name exit=2 unknown sync primitive 'pipe_sync' in model ascend910b2
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  pipe_sync(V);
}
