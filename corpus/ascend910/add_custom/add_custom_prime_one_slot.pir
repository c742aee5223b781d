// add_custom on the 910, bug: the prologue primes the z_ub release for slot 0 only: the compute of
// tile 1 waits for an MTE3->V event that only its own store will set (a cycle), and with a single
// tile the drain waits for a set that never comes (unmatched wait, deadlock). Same under A2.
// bug-class: unmatched-wait
// expect: deadlock@29 deadlock@40
// expect(--model ascend910b2): deadlock@29 deadlock@40
model "ascend910";
param tiles in 1..6;
const TILE = 2048;

buffer x_gm : GM[tiles * TILE];
buffer y_gm : GM[tiles * TILE];
buffer z_gm : GM[tiles * TILE];
buffer x_ub : UB[2][TILE];
buffer y_ub : UB[2][TILE];
buffer z_ub : UB[2][TILE];

kernel add_custom {
  set_flag(V, MTE2, 0);
  set_flag(V, MTE2, 1);
  set_flag(MTE3, V, 0);
  for i in 0..tiles {
    let s = i % 2;
    wait_flag(V, MTE2, s);
    MTE2 copy_gm_to_ubuf x_ub[s] <- x_gm[i*TILE +: TILE];
    MTE2 copy_gm_to_ubuf y_ub[s] <- y_gm[i*TILE +: TILE];
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    wait_flag(MTE3, V, s);
    V vadd z_ub[s] <- x_ub[s], y_ub[s];
    set_flag(V, MTE2, s);
    set_flag(V, MTE3, s);
    wait_flag(V, MTE3, s);
    MTE3 copy_ubuf_to_gm z_gm[i*TILE +: TILE] <- z_ub[s];
    set_flag(MTE3, V, s);
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
  wait_flag(MTE3, V, 0);
  wait_flag(MTE3, V, 1);
}
