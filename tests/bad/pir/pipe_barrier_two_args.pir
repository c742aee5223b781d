// pipe_barrier with two units
// bad: 7:3 input-error exit=2 pipe_barrier takes 1 argument (UNIT or ALL), got 2
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  pipe_barrier(V, MTE2);
}
