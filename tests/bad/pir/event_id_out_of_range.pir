// event id 8 on a model with ids 0..7
// bad: 7:21 bad-event-id exit=1 event id 8 is out of range: model ascend910b2 has ids 0..7
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  set_flag(MTE2, V, 8);
  wait_flag(MTE2, V, 8);
}
