// set_flag from S to S, not a flag channel of the model
// bad: 7:3 bad-channel exit=1 set_flag(S, S, ...): S -> S is not a flag channel of core type AIV
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  set_flag(S, S, 0);
  wait_flag(S, S, 0);
}
