// Litmus (copy pipes keep their intra-pipe hazards): pipe_barrier(MTE2) orders the second copy
// after the first.
// rule: copy-pipe holds
// expect: clean
model "ascend950";
buffer x_gm : GM[256];
buffer y_gm : GM[256];
buffer a : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  pipe_barrier(MTE2);
  MTE2 copy a <- y_gm;
}
