// Litmus (model difference, memory size): SRAM is 2 MiB per cluster on the MLU590; a buffer one
// 4 KiB page larger does not fit (mlu370 declares no sizes).
// rule: model sizes-sram
// expect: out-of-bounds@8
// expect(--model mlu370): clean
model "mlu590";
buffer g : GDRAM[2101248];
buffer s : SRAM[2101248];
kernel k {
  core mpu : MPU {
    IO memcpy s <- g;
  }
}
