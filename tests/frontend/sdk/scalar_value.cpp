// A value read from UB by the scalar unit (GetValue, a load through a __ubuf__ pointer in the
// fixture) after the copy that writes it is waited for; the vector op after the value is used
// may overwrite those bytes (rule 10: the read has ended before anything after its use).
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void scalar_value(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 512);
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    zGm.SetGlobalBuffer((__gm__ float *)z, 64);
    LocalTensor<float> a = inX.AllocTensor<float>();
    DataCopy(a, xGm, 64);
    inX.EnQue(a);
    LocalTensor<float> t = inX.DeQue<float>();
    SetFlag<HardEvent::MTE2_V>(1);
    WaitFlag<HardEvent::MTE2_V>(1);
    float scale = t.GetValue(0);
    Muls(t, t, scale, 64);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(zGm, t, 64);
}
