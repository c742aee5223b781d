// Mul with triple buffering, bug: BUFFER_NUM went from 2 to 3 but the slot index still wraps
// with i % 2 while the event ids cycle through eventIds[i % 3]: the id that frees slot i % 2 for
// tile i was set by tile i-3, not by tile i-2 that last used the slot, so the copies of tile i
// overwrite x_ub/y_ub and vmul overwrites z_ub while tile i-2 may still be using them (WAR), and
// may overtake tile i-2's writes in their own pipes (WAW: no set holds the pipe it sits on).
// bug-class: wrong-event-parity
// expect: war-hazard@31 war-hazard@32 war-hazard@36 waw-hazard@31 waw-hazard@32 waw-hazard@36
model "ascend910b2";
param tiles in 1..7;              // tile count from the tiling data
const TILE = 2048;                // bytes per tile
const NBUF = 3;

buffer x_gm : GM[tiles * TILE];
buffer y_gm : GM[tiles * TILE];
buffer z_gm : GM[tiles * TILE];
buffer x_ub : UB[NBUF][TILE];
buffer y_ub : UB[NBUF][TILE];
buffer z_ub : UB[NBUF][TILE];

kernel mul_triple {
  for k in 0..NBUF {                                  // every slot starts free
    let ev = (k == 0) * 2 + (k == 1) * 5 + (k == 2) * 7;
    set_flag(V, MTE2, ev);
    set_flag(MTE3, V, ev);
  }
  for i in 0..tiles {
    let s = i % 2;                                    // left from double buffering
    let e = i % NBUF;
    let ev = (e == 0) * 2 + (e == 1) * 5 + (e == 2) * 7;   // eventIds[i % 3]
    wait_flag(V, MTE2, ev);
    MTE2 copy_gm_to_ubuf x_ub[s] <- x_gm[i*TILE +: TILE];
    MTE2 copy_gm_to_ubuf y_ub[s] <- y_gm[i*TILE +: TILE];
    set_flag(MTE2, V, ev);
    wait_flag(MTE2, V, ev);
    wait_flag(MTE3, V, ev);
    V vmul z_ub[s] <- x_ub[s], y_ub[s];
    set_flag(V, MTE2, ev);                            // FreeTensor(x), FreeTensor(y)
    set_flag(V, MTE3, ev);                            // EnQue(z)
    wait_flag(V, MTE3, ev);
    MTE3 copy_ubuf_to_gm z_gm[i*TILE +: TILE] <- z_ub[s];
    set_flag(MTE3, V, ev);                            // FreeTensor(z)
  }
  for k in 0..NBUF {                                  // drain: no flag left set
    let ev = (k == 0) * 2 + (k == 1) * 5 + (k == 2) * 7;
    wait_flag(V, MTE2, ev);
    wait_flag(MTE3, V, ev);
  }
}
