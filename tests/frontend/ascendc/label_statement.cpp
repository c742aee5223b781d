// A label no goto names (here a typo: `AscendC:Duplicate`, a label before an unqualified
// call, which compiles) is passed through: its statement runs. The vector write of `t` is
// handed to MTE3 by a flag: clean.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void labelled(GM_ADDR y)
{
    GlobalTensor<float> yGm;
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> t(TPosition::VECOUT, 0, 64);
    AscendC:Duplicate(t, 0.0f, 64);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yGm, t, 64);
}
