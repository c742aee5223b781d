// bad-event-id depends on the model: id 5 is valid on ascend910b2 (ids 0-7) but not on the
// first-generation ascend910 (ids 0-3), where the dropped flag leaves the MTE3 copy unordered.
// expect: clean
// expect(--model ascend910): bad-event-id@10 bad-event-id@11 raw-hazard@12 war-hazard@12
model "ascend910b2";
buffer u : UB[256];
buffer g : GM[256];
kernel k {
  MTE2 copy u <- g;
  set_flag(MTE2, MTE3, 5);
  wait_flag(MTE2, MTE3, 5);
  MTE3 copy g <- u;
}
