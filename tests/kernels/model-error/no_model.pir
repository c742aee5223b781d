// model-error: neither a `model` declaration nor --model, so there is no hardware model to check
// against.
// expect: model-error@0
buffer u : UB[256];
kernel k {
  V vdup u;
}
