// limit-exceeded: with --max-events 50 a loop of 40 iterations of 3 instructions (plus the 40
// iterations themselves) is past the event cap, reached at the set_flag of i = 3; the kernel is
// reported as not verified, never as clean.
// args: --max-events 50
// expect: limit-exceeded@12
model "ascend910b2";
param n = 40;
buffer u : UB[256];
kernel k {
  for i in 0..n {
    V vdup u;
    set_flag(V, S, 0);
    wait_flag(V, S, 0);
  }
}
