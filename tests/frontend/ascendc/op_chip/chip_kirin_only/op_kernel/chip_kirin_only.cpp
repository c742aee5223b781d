// An operator built only for a chip no hardware model describes (kirinx90): unsupported,
// the message says so.
// expect: unsupported@0
#include "kernel_operator.h"
using namespace AscendC;

__global__ __aicore__ void chip_kirin_only(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> a(TPosition::VECIN, 0, 64);
    DataCopy(a, xGm, 64);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(yGm, a, 64);
}
