// The vector add reads the tile the copy engine is still writing: the tensor is taken from
// the queue's buffer without EnQue/DeQue, so no flag orders MTE2 before V. The findings are
// placed at the kernel's calls into the SDK, not inside it.
// expect: raw-hazard@21 war-hazard@22 waw-hazard@22
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t TILE = 128;

extern "C" __global__ __aicore__ void missing_dequeue(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 2 * TILE * sizeof(float));
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
    zGm.SetGlobalBuffer((__gm__ float *)z, TILE);
    LocalTensor<float> a = inX.AllocTensor<float>();
    DataCopy(a, xGm, TILE);
    LocalTensor<float> b = a[TILE];
    Muls(b, a, 2.0f, TILE);
    DataCopy(a, xGm, TILE);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(zGm, b, TILE);
}
