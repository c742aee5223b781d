// Mul with guarded release flags, bug: the epilogue guard of the z_ub release compares with
// tiles instead of tiles - 1 (off by one), so the last tile sets an MTE3->V flag that no wait
// consumes: it is still set when the kernel ends and leaks into the next kernel on this core.
// bug-class: leaked-signal
// expect: unmatched-signal@30
model "ascend910b2";
param tiles in 1..5;              // blockLength / tileLength from the tiling data
const TILE = 4096;                // bytes per tile (2048 half values)

buffer x_gm : GM[tiles * TILE];
buffer y_gm : GM[tiles * TILE];
buffer z_gm : GM[tiles * TILE];
buffer x_ub : UB[TILE];
buffer y_ub : UB[TILE];
buffer z_ub : UB[TILE];

kernel mul_custom {
  for i in 0..tiles {
    if (i != 0) { wait_flag(V, MTE2, 0); }            // vmul of tile i-1 no longer reads x_ub, y_ub
    MTE2 copy_gm_to_ubuf x_ub <- x_gm[i*TILE +: TILE];
    MTE2 copy_gm_to_ubuf y_ub <- y_gm[i*TILE +: TILE];
    set_flag(MTE2, V, 0);
    wait_flag(MTE2, V, 0);
    if (i != 0) { wait_flag(MTE3, V, 0); }            // the store of tile i-1 no longer reads z_ub
    V vmul z_ub <- x_ub, y_ub;
    if (i != tiles - 1) { set_flag(V, MTE2, 0); }
    set_flag(V, MTE3, 0);
    wait_flag(V, MTE3, 0);
    MTE3 copy_ubuf_to_gm z_gm[i*TILE +: TILE] <- z_ub;
    if (i != tiles) { set_flag(MTE3, V, 0); }
  }
}
