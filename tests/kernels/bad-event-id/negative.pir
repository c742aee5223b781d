// bad-event-id: a negative id computed from a loop variable (i - 1 at i = 0); without that flag
// pair the first iteration leaves S and the next vdup unordered against the vdup.
// expect: bad-event-id@9 bad-event-id@10 raw-hazard@11 war-hazard@8 waw-hazard@8
model "ascend910b2";
buffer u : UB[256];
kernel k {
  for i in 0..2 {
    V vdup u;
    set_flag(V, S, i - 1);
    wait_flag(V, S, i - 1);
    S get_value <- u[0 +: 4];
  }
}
