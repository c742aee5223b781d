// model-error, fixed: a valid model given by path (minimal.xml, a toy accelerator) loads and the
// kernel, written against its units and primitives, is clean. The path is relative to the
// source root, where the golden runner is started.
// args: --model tests/kernels/model-error/minimal.xml
// expect: clean
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
