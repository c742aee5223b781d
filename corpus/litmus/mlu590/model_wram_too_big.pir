// Litmus (model difference, memory size): WRAM is 512 KiB per core on the MLU590; a 1 MiB weight
// buffer (the stub's MLU370 value) does not fit.
// rule: model sizes-wram
// expect: out-of-bounds@8
// expect(--model mlu370): clean
model "mlu590";
buffer n : NRAM[1024];
buffer w : WRAM[1048576];
kernel k {
  MOVE memcpy_async w[0 +: 1024] <- n;
}
