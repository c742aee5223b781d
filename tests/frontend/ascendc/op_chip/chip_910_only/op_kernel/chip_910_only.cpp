// An operator built only for the first-generation Ascend 910: read as model ascend910 (the
// model describing the chip its definition names), where event ids stop at 3, so its event
// 5 is a bad id and orders nothing; read as the A2 (asked for), the same kernel is clean.
// expect: bad-event-id@16 bad-event-id@17 raw-hazard@18
// expect(--model ascend910b2): clean
#include "kernel_operator.h"
using namespace AscendC;

__global__ __aicore__ void chip_910_only(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> a(TPosition::VECIN, 0, 64);
    DataCopy(a, xGm, 64);
    SetFlag<HardEvent::MTE2_MTE3>(5);
    WaitFlag<HardEvent::MTE2_MTE3>(5);
    DataCopy(yGm, a, 64);
}
