// limit-exceeded, fixed: 12 iterations of 3 instructions plus the 12 iterations are 48 events,
// within --max-events 50.
// args: --max-events 50
// expect: clean
model "ascend910b2";
param n = 12;
buffer u : UB[256];
kernel k {
  for i in 0..n {
    V vdup u;
    set_flag(V, S, 0);
    wait_flag(V, S, 0);
  }
}
