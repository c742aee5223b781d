// Litmus (model difference, event ids): id 4 is past the 910's ids 0-3, so both primitives are
// rejected and the copy and the vadds are left unordered; under ascend910b2 (ids 0-7) it is clean.
// rule: model ids
// expect: bad-event-id@12 bad-event-id@13 raw-hazard@14
// expect(--model ascend910b2): clean
model "ascend910";
buffer x_gm : GM[256];
buffer a : UB[256];
buffer b : UB[256];
kernel k {
  MTE2 copy a <- x_gm;
  set_flag(MTE2, V, 4);
  wait_flag(MTE2, V, 4);
  V vadds b <- a;
}
