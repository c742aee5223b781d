// A tensor placed by an immediate address (get_imm(0) + offset): at 256 it is past the tile
// the copy engine writes, at 0 it is that tile, read and written before any flag.
// args: --auto-sync=off
// expect: raw-hazard@20 waw-hazard@20
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void imm_address(GM_ADDR x)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 256);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    LocalTensor<float> a = inX.AllocTensor<float>();
    DataCopy(a, xGm, 64);
    LocalTensor<float> past = TensorAt<float>(1024, 256);
    Muls(past, past, 2.0f, 64);
    LocalTensor<float> same = TensorAt<float>(0, 256);
    Muls(same[0], same, 2.0f, 64);
}
