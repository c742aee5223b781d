// a core type the model does not have
// bad: 5:12 unknown-name exit=2 unknown core type 'TPU' in model ascend910b2 (core types: AIV AIC)
model "ascend910b2";
kernel k {
  core c : TPU { }
}
