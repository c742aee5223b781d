// ReLU on one MLU370 IPU, the Cambricon example of pir.md verbatim: a 3-stage software pipeline
// (load tile i, relu tile i-1, store tile i-2) over two NRAM slots with one full
// __sync_io_move_compute() per iteration. Verdict: clean for every n in 1..5.
// bug-class: none
// expect: clean
model "mlu370";
param n in 1..5;
buffer in_gdram  : GDRAM[n * 32768];
buffer out_gdram : GDRAM[n * 32768];
buffer ping      : NRAM[2][32768];
kernel relu {
  for i in 0..n+2 {
    if (i >= 2)          { IO memcpy_async out_gdram[(i-2)*32768 +: 32768] <- ping[i % 2]; }
    if (i >= 1 && i <= n){ COMPUTE bang_active_relu ping[(i-1) % 2] <- ping[(i-1) % 2]; }
    if (i < n)           { IO memcpy_async ping[i % 2] <- in_gdram[i*32768 +: 32768]; }
    sync_io_move_compute();
  }
}
