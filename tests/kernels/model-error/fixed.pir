// model-error, fixed: the file names a shipped model.
// expect: clean
model "ascend910b2";
buffer u : UB[256];
kernel k {
  V vdup u;
}
