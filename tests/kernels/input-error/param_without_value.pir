// input-error: a param with neither a value nor a range, and no -D on the command line.
// expect: input-error@4
model "ascend910b2";
param tiles;
buffer u : UB[256];
kernel k {
  for i in 0..tiles {
    V vdup u;
    pipe_barrier(V);
  }
}
