// Litmus (V orders itself): two dependent vector instructions need no barrier on the 950: the V
// pipe runs its instructions in order (PipeBarrier<PIPE_V> compiles to nothing on arch 3510, and
// no PIPE_V barrier is needed after a vector function). On A2 the same pair is a RAW hazard.
// rule: vector-pipe holds
// expect: clean
// expect(--model ascend910b2): raw-hazard@13
model "ascend950";
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  V vadds b <- a;
  V vadds c <- b;
}
