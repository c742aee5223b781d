// bad-unit on MLU370, fixed: compute into NRAM, then store with the synchronous __memcpy on IO.
// expect: clean
model "mlu370";
buffer y_gdram : GDRAM[1024];
buffer x_nram : NRAM[1024];
buffer y_nram : NRAM[1024];
kernel k {
  COMPUTE bang_add y_nram <- x_nram, x_nram;
  IO memcpy y_gdram <- y_nram;
}
