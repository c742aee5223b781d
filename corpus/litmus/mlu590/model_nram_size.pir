// Litmus (model difference, memory size): NRAM holds 512 KiB per core on the MLU590, so all of
// it as one buffer fits; mlu370 declares no sizes and agrees.
// rule: model sizes-holds
// expect: clean
// expect(--model mlu370): clean
model "mlu590";
buffer src : GDRAM[524288];
buffer n : NRAM[524288];
kernel k {
  IO memcpy n <- src;
}
