// A flag left set at pipe_barrier(ALL) is part of the state at which runs are cut: the run
// through the then side reaches the barrier with line 9's set pending, the one through the
// else side with line 10's. Neither is cut short for the other, and both leaks are reported
// (nothing waits on the channel); the later if (?) gives each run a second path.
// expect: unmatched-signal@9 unmatched-signal@10
model "ascend910b2";
buffer a : UB[256];
kernel k {
  if (?) { set_flag(V, MTE2, 0); }
  else { set_flag(V, MTE2, 0); }
  pipe_barrier(ALL);
  if (?) { V vadds a <- a; }
  pipe_barrier(ALL);
  V vadds a <- a;
}
