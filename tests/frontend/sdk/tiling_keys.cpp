// One run per tiling key the kernel tests: key 1 orders the copy before the vector op, key 2
// forgets to, so only kernel tiling_keys_key2 has the hazard.
// expect: raw-hazard@24
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void tiling_keys(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 1024);
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 128);
    zGm.SetGlobalBuffer((__gm__ float *)z, 128);
    LocalTensor<float> a = inX.AllocTensor<float>();
    LocalTensor<float> b = a[128];
    DataCopy(a, xGm, 128);
    if (TILING_KEY_IS(1)) {
        SetFlag<HardEvent::MTE2_V>(0);
        WaitFlag<HardEvent::MTE2_V>(0);
    } else if (TILING_KEY_IS(2)) {
        PipeBarrier<PIPE_V>();
    }
    Muls(b, a, 2.0f, 128);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(zGm, b, 128);
}
