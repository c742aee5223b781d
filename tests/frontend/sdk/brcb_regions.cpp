// Brcb (vbrcb) reads 8 elements of its source a repeat: with one repeat, the 32 bytes the
// copy engine writes just after them are not read; with two, they are, before any flag.
// args: --auto-sync=off
// expect: raw-hazard@23
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void brcb_regions(GM_ADDR x)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    TQue<QuePosition::VECOUT, 1> outA;
    TQue<QuePosition::VECOUT, 1> outB;
    pipe.InitBuffer(inX, 1, 256);
    pipe.InitBuffer(outA, 1, 512);
    pipe.InitBuffer(outB, 1, 512);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    LocalTensor<float> src = inX.AllocTensor<float>();
    DataCopy(src[8], xGm, 8);
    Brcb(outA.AllocTensor<float>(), src, 1);
    LocalTensor<float> wide = outB.AllocTensor<float>();
    Brcb(wide, src, 2);
}
