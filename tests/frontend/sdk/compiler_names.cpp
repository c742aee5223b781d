// Names the device compiler provides that kernels and the SDK use: float32_t and float16_t,
// __simt_callee__, and __assert_fail_msg, which the SDK's assert calls unqualified though
// it is defined in namespace __asc_aicore. The assert holds (the count is known): clean.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t COUNT = 64;

extern "C" __global__ __aicore__ void compiler_names(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, COUNT * sizeof(float32_t));
    GlobalTensor<float32_t> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float32_t *)x, COUNT);
    zGm.SetGlobalBuffer((__gm__ float32_t *)z, COUNT);
    ascendc_assert(COUNT % 8 == 0, "COUNT %d is not a whole number of blocks", COUNT);
    float16_t unused = (float16_t)SimtIdentity(1.0f);
    (void)unused;
    LocalTensor<float32_t> a = inX.AllocTensor<float32_t>();
    DataCopy(a, xGm, COUNT);
    inX.EnQue(a);
    LocalTensor<float32_t> t = inX.DeQue<float32_t>();
    Muls(t, t, 2.0f, COUNT);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(zGm, t, COUNT);
    inX.FreeTensor(t);
}
