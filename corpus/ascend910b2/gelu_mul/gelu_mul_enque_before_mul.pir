// GeGLU, bug: EnQue of the output (set_flag(V, MTE3, s)) was hoisted above the last vector
// instruction, so the signal is placed before its producer: the MTE3 store may read z_ub[s]
// before vmul has written gelu(x) * y into it.
// bug-class: signal-before-producer
// expect: raw-hazard@43
model "ascend910b2";
param tiles in 1..5;
const TILE = 4096;

buffer x_gm : GM[tiles * TILE];
buffer y_gm : GM[tiles * TILE];
buffer z_gm : GM[tiles * TILE];
buffer x_ub : UB[2][TILE];
buffer y_ub : UB[2][TILE];
buffer t_ub : UB[TILE];           // scratch of the chain, single copy
buffer z_ub : UB[2][TILE];

kernel geglu {
  set_flag(V, MTE2, 0);
  set_flag(V, MTE2, 1);
  set_flag(MTE3, V, 0);
  set_flag(MTE3, V, 1);
  for i in 0..tiles {
    let s = i % 2;
    wait_flag(V, MTE2, s);
    MTE2 copy_gm_to_ubuf x_ub[s] <- x_gm[i*TILE +: TILE];
    MTE2 copy_gm_to_ubuf y_ub[s] <- y_gm[i*TILE +: TILE];
    set_flag(MTE2, V, s);
    wait_flag(MTE2, V, s);
    wait_flag(MTE3, V, s);
    V vmuls t_ub <- x_ub[s];                  // t = -1.702 * x
    pipe_barrier(V);
    V vexp t_ub <- t_ub;                      // t = exp(t)
    pipe_barrier(V);
    V vadds t_ub <- t_ub;                     // t = 1 + t
    pipe_barrier(V);
    V vdiv z_ub[s] <- x_ub[s], t_ub;          // z = x / t = gelu(x)
    pipe_barrier(V);
    set_flag(V, MTE3, s);                     // too early: vmul below still writes z_ub[s]
    V vmul z_ub[s] <- z_ub[s], y_ub[s];       // z = gelu(x) * y
    set_flag(V, MTE2, s);
    wait_flag(V, MTE3, s);
    MTE3 copy_ubuf_to_gm z_gm[i*TILE +: TILE] <- z_ub[s];
    set_flag(MTE3, V, s);
  }
  wait_flag(V, MTE2, 0);
  wait_flag(V, MTE2, 1);
  wait_flag(MTE3, V, 0);
  wait_flag(MTE3, V, 1);
}
