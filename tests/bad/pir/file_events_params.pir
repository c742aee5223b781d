// each run is within --max-events, but 4096 values of n would spend 4096 runs' worth
// bad: 9:5 limit-exceeded exit=2 the file's kernels unroll to more than 100000 events in all (every kernel, parameter value and path); raise the limit with --max-file-events
// args: --max-events 40000 --max-file-events 100000
model "ascend910b2";
param n in 1..4096;
buffer a : UB[256];
kernel k {
  for i in 0..10000 {
    V vadds a <- a;
    pipe_barrier(V);
  }
}
