// a flag bank has ids of its own: unit_flag_set takes 0..255, not the event ids' 0..7
// bad: 6:27 bad-event-id exit=1 event id 256 is out of range: unit_flag_set of model ascend910b2 has ids 0..255
model "ascend910b2";
kernel k {
  core aic : AIC {
    unit_flag_set(M, FIX, 256);
    unit_flag_wait(M, FIX, 255);
    unit_flag_set(M, FIX, 255);
  }
}
