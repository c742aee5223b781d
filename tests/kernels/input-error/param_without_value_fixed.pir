// input-error, fixed: the param gets its value from the command line.
// args: -D tiles=3
// expect: clean
model "ascend910b2";
param tiles;
buffer u : UB[256];
kernel k {
  for i in 0..tiles {
    V vdup u;
    pipe_barrier(V);
  }
}
