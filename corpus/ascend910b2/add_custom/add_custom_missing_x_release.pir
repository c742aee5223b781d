// add_custom, bug: the input slots are never released (no V->MTE2 flags), so the copy of tile i+2
// overwrites x_ub/y_ub while vadd of tile i may still be reading them (ping-pong WAR), and may
// overtake the copy of tile i in the MTE2 pipe (WAW: the MTE2->V set between them does not hold
// MTE2, semantics.md rule 5).
// bug-class: missing-release
// expect: flag-overrun@27 war-hazard@25 war-hazard@26 waw-hazard@25 waw-hazard@26
model "ascend910b2";
param tiles in 1..6;              // tile count from the tiling data
const TILE = 2048;                // bytes per tile (1024 half values)

buffer x_gm : GM[tiles * TILE];
buffer y_gm : GM[tiles * TILE];
buffer z_gm : GM[tiles * TILE];
buffer x_ub : UB[2][TILE];        // 2 slots of TILE bytes
buffer y_ub : UB[2][TILE];
buffer z_ub : UB[2][TILE];

kernel add_custom {
  // both slots of every queue start free (TQue InitBuffer)
  set_flag(MTE3, V, 0);
  set_flag(MTE3, V, 1);
  for i in 0..tiles {
    let s = i % 2;
    // CopyIn: AllocTensor waits for the slot, EnQue hands it to V
    MTE2 copy x_ub[s] <- x_gm[i*TILE +: TILE];
    copy_gm_to_ubuf y_ub[s] <- y_gm[i*TILE +: TILE];
    set_flag(MTE2, V, s);
    // Compute
    wait_flag(MTE2, V, s);
    wait_flag(MTE3, V, s);
    V vadd z_ub[s] <- x_ub[s], y_ub[s];
    set_flag(V, MTE3, s);         // EnQue(z)
    // CopyOut
    wait_flag(V, MTE3, s);
    MTE3 copy z_gm[i*TILE +: TILE] <- z_ub[s];
    set_flag(MTE3, V, s);         // FreeTensor(z)
  }
  // drain the release flags so none leaks into the next kernel
  wait_flag(MTE3, V, 0);
  wait_flag(MTE3, V, 1);
}

