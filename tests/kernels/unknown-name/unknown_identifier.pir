// unknown-name: `tiles` is used in a loop bound but never declared as a param or const.
// expect: unknown-name@6
model "ascend910b2";
buffer u : UB[256];
kernel k {
  for i in 0..tiles {
    V vdup u;
    pipe_barrier(V);
  }
}
