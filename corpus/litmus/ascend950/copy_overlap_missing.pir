// Litmus (copy pipes keep their intra-pipe hazards): two copies in whose destinations overlap may
// land out of order (WAW inside MTE2); the 950 changes V, not the copy engines.
// rule: copy-pipe missing
// expect: waw-hazard@11
model "ascend950";
buffer x_gm : GM[256];
buffer y_gm : GM[256];
buffer a : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  MTE2 copy a <- y_gm;
}
