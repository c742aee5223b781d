// the budget is the file's: three kernels, each within --max-events, share it
// bad: 20:5 limit-exceeded exit=2 the file's kernels unroll to more than 70000 events in all (every kernel, parameter value and path); raise the limit with --max-file-events
// args: --max-events 40000 --max-file-events 70000
model "ascend910b2";
buffer a : UB[256];
kernel k1 {
  for i in 0..10000 {
    V vadds a <- a;
    pipe_barrier(V);
  }
}
kernel k2 {
  for i in 0..10000 {
    V vadds a <- a;
    pipe_barrier(V);
  }
}
kernel k3 {
  for i in 0..10000 {
    V vadds a <- a;
    pipe_barrier(V);
  }
}
