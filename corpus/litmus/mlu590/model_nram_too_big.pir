// Litmus (model difference, memory size): a 640 KiB NRAM buffer (MLU370 code's usable NRAM)
// does not fit in the 512 KiB NRAM of the MLU590; mlu370 declares no sizes, so it is clean there.
// rule: model sizes
// expect: out-of-bounds@8
// expect(--model mlu370): clean
model "mlu590";
buffer src : GDRAM[655360];
buffer n : NRAM[655360];
kernel k {
  IO memcpy n <- src;
}
