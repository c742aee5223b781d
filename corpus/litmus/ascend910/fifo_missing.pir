// Litmus (rule 2, fifo): the cube pipe is pipelined, not fifo: a second mmad accumulating into the
// same L0C may start before the first has ended (RAW and WAW inside M).
// rule: fifo missing
// expect: raw-hazard@11 waw-hazard@11
model "ascend910";
buffer a : L0A[512];
buffer b : L0B[512];
buffer c : L0C[1024];
kernel k {
  M mmad c <- a, b;
  M mmad c <- a, b, c;
}
