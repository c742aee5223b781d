// A model path in a `model` declaration is relative to the kernel file, as #include is: this
// kernel finds minimal.xml beside it from any working directory (the golden runner starts in
// the source root; test_checks runs it from another directory too).
// expect: clean
model "minimal.xml";
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
