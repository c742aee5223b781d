// Litmus (intra-pipe hazard kinds): the model checks RAW and WAW inside an Ascend pipe but not WAR,
// because a later instruction of a pipe never overtakes the reads of an earlier one.
// rule: intra-pipe war-not-checked
// expect: clean
model "ascend910b2";
buffer a : UB[256];
buffer b : UB[256];
buffer c : UB[256];
kernel k {
  V vadds b <- a;
  V vadds a <- c;
}
