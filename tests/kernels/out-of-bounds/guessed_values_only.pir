// A kernel checked under guessed values whose only finding is an out-of-bounds region: a note,
// so the file exits 0 (the report lists the guessed values).
// expect: note:out-of-bounds@8
model "ascend910b2";
buffer x_gm : GM[4096];
buffer x_ub : UB[256];
kernel k guessed("tileLength" = 256) {
  MTE2 copy x_ub[0 +: 512] <- x_gm[0 +: 512];
}
