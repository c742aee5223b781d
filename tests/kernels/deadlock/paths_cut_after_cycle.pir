// A run that deadlocks before pipe_barrier(ALL) never starts what follows it, so it cannot
// stand for the runs that reach the barrier without deadlocking: after a wait that comes
// before its signal no run is cut (docs/semantics.md). The else path's race is reported.
// expect: deadlock@10 raw-hazard@17 waw-hazard@17
model "ascend910b2";
buffer a : UB[256];
buffer g : GM[256];
kernel k {
  if (?) {
    wait_flag(V, MTE2, 0);
    set_flag(MTE2, V, 0);
    wait_flag(MTE2, V, 0);
    set_flag(V, MTE2, 0);
  }
  pipe_barrier(ALL);
  MTE2 copy a <- g;
  V vadds a <- a;
}
