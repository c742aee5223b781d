// DataCopyPad's pad value (SetPadValue: set_mov_pad_val) is a register the scalar unit
// writes: it waits for no pipe, so it does not order the copy before it with the vector add
// after it. The add reads the tile the copy engine may still be writing.
// args: --auto-sync=off
// expect: raw-hazard@22
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void pad_value(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    TQue<QuePosition::VECOUT, 1> outZ;
    pipe.InitBuffer(inX, 1, 256);
    pipe.InitBuffer(outZ, 1, 256);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    LocalTensor<float> a = inX.AllocTensor<float>();
    LocalTensor<float> b = outZ.AllocTensor<float>();
    DataCopy(a, xGm, 64);
    SetPadValue(0.0f);
    Add(b, a, a, 64);
}
