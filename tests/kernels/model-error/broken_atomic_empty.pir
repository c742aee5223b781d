// model-error: the model given by path, broken_atomic_empty.xml, has an <atomic> element that lists no op;
// the loader refuses it (an empty list is a mistake, not "no atomics"): exit 2, the finding at
// the XML line. Same kernel as custom_model_fixed.pir.
// args: --model tests/kernels/model-error/broken_atomic_empty.xml
// expect: model-error@21
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
