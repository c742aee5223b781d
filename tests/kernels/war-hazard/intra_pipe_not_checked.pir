// No war-hazard inside an Ascend pipe: the model checks only RAW and WAW within a pipe (a later
// instruction never overtakes the reads of an earlier one), so this WAR needs no barrier.
// expect: clean
model "ascend910b2";
buffer a : UB[512];
buffer b : UB[512];
kernel k {
  V vexp b <- a;
  V vdup a;
}
