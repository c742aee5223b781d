// Litmus (model difference, event ids): a hand-off on event id 5 is clean on ascend910b2 (ids 0-7);
// under ascend910 (ids 0-3) both primitives are rejected and the pair is left unordered.
// rule: model ids
// expect: clean
// expect(--model ascend910): bad-event-id@12 bad-event-id@13 raw-hazard@14
model "ascend910b2";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 5);
  wait_flag(MTE2, V, 5);
  V vadds b <- a;
}
