// model-error: the model given by path, broken_blocking_pipelined.xml, has a blocking op on a pipelined unit, which the loader refuses;
// the file cannot be verified (exit 2). The finding is located in the XML file, so its line is
// the XML line. Same kernel as custom_model_fixed.pir.
// args: --model tests/kernels/model-error/broken_blocking_pipelined.xml
// expect: model-error@20
buffer x : DRAM[1024];
buffer y : DRAM[1024];
buffer a : LOCAL[1024];
buffer b : LOCAL[1024];
kernel k {
  load a <- x;
  signal(LD, VEC, 0);
  wait(LD, VEC, 0);
  VEC vexp b <- a;
  signal(VEC, ST, 1);
  wait(VEC, ST, 1);
  store y <- b;
}
