// Litmus (rule 7, barrier): pipe_barrier(V) does not order the cube pipe.
// rule: barrier missing
// expect: raw-hazard@11 waw-hazard@11
model "ascend910";
buffer a : L0A[512];
buffer b : L0B[512];
buffer c : L0C[1024];
kernel k {
  M mmad c <- a, b;
  pipe_barrier(V);
  M mmad c <- a, b, c;
}
