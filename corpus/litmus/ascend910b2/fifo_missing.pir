// Litmus (rule 2, fifo): Ascend pipes are pipelined, not fifo: a dependent vector instruction may
// start before the previous one on the same pipe has ended (RAW inside V).
// rule: fifo missing
// expect: raw-hazard@11
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  V vadds b <- a;
  V vadds c <- b;
}
