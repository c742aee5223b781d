// 30 iterations with two if (?) each and no barrier: 4^30 paths. Every op here is interlocked
// (no _async copy), so the core orders each conflicting pair itself and nothing before any
// point can race with anything after it: runs that meet again after an if (?) in the same
// state are cut there (docs/semantics.md), and the kernel is checked in under 200 runs. The
// last iteration's add reads past the end of `a`.
// expect: out-of-bounds@13
model "mlu370";
param n = 30;
buffer a : NRAM[29 * 32 + 16];
buffer g : GDRAM[30 * 32];
kernel k {
  for i in 0..n {
    if (?) { COMPUTE bang_add a[i * 32 +: 16] <- a[i * 32 +: 32]; }
    if (?) { IO memcpy g[i * 32 +: 32] <- a[i * 32 +: 16]; }
  }
}
