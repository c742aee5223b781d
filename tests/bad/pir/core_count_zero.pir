// a core array of zero cores
// bad: 5:10 input-error exit=2 core count must be between 1 and 4096, got 0
model "ascend910b2";
kernel k {
  core c[0] : AIV { }
}
