// model-error: the file names a model that no model directory holds.
// expect: model-error@3
model "no_such_model";
buffer u : UB[256];
kernel k {
  V vdup u;
}
