// Accesses at an offset read from memory (x[?], as the frontends write `p[i]` with i loaded):
// each is checked as the whole buffer, and a message names only the bytes that were computed.
// expect: raw-hazard@14 raw-hazard@16 raw-hazard@17
model "ascend910b2";
buffer x_gm : GM[256];
buffer y_gm : GM[256];
buffer z_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
buffer d : UB[256];
kernel data_offset {
  MTE2 copy a[0 +: 64] <- x_gm[0 +: 64];
  V vadds b <- a[?];                 // reads a somewhere: MTE2 may still be writing a[0 +: 64]
  V vadds c[?] <- d;                 // writes c somewhere
  MTE3 copy y_gm <- c[0 +: 64];      // V may still be writing any byte of c
  MTE3 copy z_gm <- c[?];            // both places are data
}
