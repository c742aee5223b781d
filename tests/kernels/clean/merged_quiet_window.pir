// Choices in a quiet window (docs/semantics.md §6): the asynchronous copies sit before the
// first sync() and after the second; between them every access is interlocked (rule 8) and
// no flag is called, so the data-dependent branches of the loop (2^24 paths), whose sides
// read scalars the issuer waits for (`use`) and write with blocking copies, are checked as
// alternatives within one run; with 3 rounds, also as its 8 paths, each in a run of its own.
// expect: clean
// expect(-D rounds=3): clean
model "mlu370";
buffer g : GDRAM[4096];
buffer out : GDRAM[256];
buffer n : NRAM[4096];
param rounds = 24;
kernel k {
  IO memcpy_async n[0 +: 1024] <- g[0 +: 1024];
  IO memcpy_async n[1024 +: 1024] <- g[1024 +: 1024];
  sync();
  for i in 0..rounds {
    ALU load_scalar <- n[i * 4 +: 4] as x;
    use x;
    if (?) {
      ALU load_scalar <- n[1024 + i * 4 +: 4] as y;
      use y;
      COMPUTE bang_add n[2048 +: 256] <- n[2048 +: 256], n[i * 16 +: 256];
    } else {
      IO memcpy n[2304 +: 64] <- g[2048 +: 64];
      ALU store_scalar n[2048 + i * 4 +: 4];
    }
  }
  sync();
  IO memcpy_async out <- n[2048 +: 256];
}
