// a unit the core type does not have
// bad: 7:3 bad-unit exit=1 unit 'TPU' does not exist on core type AIV (its units: S V MTE2 MTE3)
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  TPU vadds a[0] <- a[1];
}
