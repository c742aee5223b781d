// bad-unit on MLU370: the compute queue writes NRAM only, so bang_add cannot store to GDRAM.
// expect: bad-unit@7
model "mlu370";
buffer y_gdram : GDRAM[1024];
buffer x_nram : NRAM[1024];
kernel k {
  COMPUTE bang_add y_gdram <- x_nram, x_nram;
}
