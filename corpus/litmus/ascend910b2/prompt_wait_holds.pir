// Litmus (§5, prompt waits): set and wait back to back, twice on one channel. The first wait is
// reached as soon as it is issued (nothing is before it on V), and the second set is issued after
// it, so the wait has taken the flag before the second set can fire: no overrun.
// rule: prompt-wait holds
// expect: clean
model "ascend910b2";
buffer g : GM[512];
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
buffer d : UB[256];
kernel k {
  MTE2 copy a <- g[0 +: 256];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vadds b <- a;
  MTE2 copy c <- g[256 +: 256];
  set_flag(MTE2, V, 0);
  wait_flag(MTE2, V, 0);
  V vadds d <- c;
}
