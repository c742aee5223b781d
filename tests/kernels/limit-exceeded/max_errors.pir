// limit-exceeded: an unsynchronized kernel with more findings than --max-errors 2; the first two
// are reported, then a file-level limit-exceeded says the rest were not (exit 2: incomplete).
// args: --max-errors 2
// expect: limit-exceeded@0 waw-hazard@10 raw-hazard@11
model "ascend910b2";
buffer g : GM[64];
buffer u : UB[64];
kernel k {
  MTE2 copy u <- g;
  V vdup u;
  MTE3 copy g <- u;
  S get_value <- u[0 +: 4];
}
