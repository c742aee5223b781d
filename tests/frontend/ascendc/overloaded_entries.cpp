// Two entries of one name with different parameters: each is a kernel of its own, named by
// its parameters (scale_uint8_t_ptr_uint8_t_ptr and scale_uint8_t_ptr_uint8_t_ptr_int; the
// report's entries are scale(uint8_t *, uint8_t *) and scale(uint8_t *, uint8_t *, int)). The
// second scales before the copy in is waited for.
// expect: raw-hazard@33
#include "kernel_operator.h"
using namespace AscendC;

__global__ __aicore__ void scale(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> a(TPosition::VECIN, 0, 64);
    LocalTensor<float> b(TPosition::VECOUT, 256, 64);
    DataCopy(a, xGm, 64);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    Muls(b, a, 2.0f, 64);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yGm, b, 64);
}

__global__ __aicore__ void scale(GM_ADDR x, GM_ADDR y, int n)
{
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> a(TPosition::VECIN, 0, 64);
    LocalTensor<float> b(TPosition::VECOUT, 256, 64);
    DataCopy(a, xGm, 64);
    Muls(b, a, (float)n, 64);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yGm, b, 64);
}
