// Litmus (rule 3, queue): a wait holds only its own queue: wait_flag(MTE2, V) blocks V, not MTE3,
// so the MTE3 store may read a before the copy has written it.
// rule: queue missing
// expect: raw-hazard@13
model "ascend910b2";
buffer x_gm : GM[256];
buffer y_gm : GM[256];
buffer a : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  MTE3 copy y_gm <- a;
}
