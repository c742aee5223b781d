// nested loops within the trip count but past the event cap
// bad: 8:5 limit-exceeded exit=2 kernel 'k' unrolls to more than 10000000 events (instructions, loop iterations and other statements); raise the limit with --max-events
model "ascend910b2";
buffer x : GM[1024];
buffer a : UB[2][256];
kernel k {
  for i in 0..5000 {
    for j in 0..5000 { }
  }
}
