// a unit-pair barrier names units of the core type
// bad: 6:16 bad-unit exit=1 unit 'Q' does not exist on core type AIV (its units: S V MTE2 MTE3)
model "ascend910b2";
buffer a : UB[64];
kernel k {
  auto_sync(S, Q);
}
