// input-error: a for loop with step 0 would never end.
// expect: input-error@6
model "ascend910b2";
buffer u : UB[256];
kernel k {
  for i in 0..4 step 0 {
    V vdup u;
  }
}
