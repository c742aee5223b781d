// more cores than a kernel may have
// bad: 5:10 input-error exit=2 core count must be between 1 and 4096, got 5000
model "ascend910b2";
kernel k {
  core c[5000] : AIV { }
}
