// out-of-bounds under guessed values: kernel k was checked with values a frontend guessed
// (`guessed(...)`, docs/pir.md), so its region past the buffer is a note, not an error; the
// same access in kernel given, with no guesses, stays an error.
// expect: note:out-of-bounds@10 out-of-bounds@13
model "ascend910b2";
buffer x_gm : GM[4096];
buffer x_ub : UB[256];

kernel k guessed("tileLength" = 256, "outer.tileNum" = 2, "list[1]" = -1) {
  MTE2 copy x_ub[0 +: 512] <- x_gm[0 +: 512];
}
kernel given {
  MTE2 copy x_ub[0 +: 512] <- x_gm[0 +: 512];
}
