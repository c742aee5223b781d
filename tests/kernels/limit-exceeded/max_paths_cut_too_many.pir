// limit-exceeded with every path split: every op is interlocked and there is no flag, so
// runs may be cut after any access; but depth-first, each of the 5000 first sides the first
// run takes is flipped in a run of its own, 5001 runs past --max-paths 4096: refused after the
// first run, as the path count (2^5000) would have refused it. Never reported clean.
// By default the 5000 choices are merged (a kernel that interlocks every access, semantics.md
// §6): one run, clean.
// expect: clean
// expect(--choices split): limit-exceeded@12
model "mlu370";
param n = 5000;
buffer a : NRAM[64];
kernel k {
  for i in 0..n {
    if (?) { COMPUTE bang_add a <- a; }
  }
}
