// Settings of a unit's mode touch no memory: SetAtomicAdd makes MTE3's copies to GM add to
// what is there, SetAtomicNone ends that, SetDeqScale(scalar) sets the scale of a
// dequantizing Cast. An atomic copy still writes its bytes: reading them back with MTE2
// needs the MTE3 -> MTE2 flag as after a plain copy. The first kernel has it: clean; the
// second does not.
// expect: raw-hazard@26
#include "kernel_operator.h"
using namespace AscendC;

__aicore__ inline void AccumulateAndReadBack(GM_ADDR y, bool wait)
{
    GlobalTensor<float> yGm;
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> t(TPosition::VECOUT, 0, 64), u(TPosition::VECIN, 256, 64);
    SetDeqScale((half)1.0f);
    Duplicate(t, 1.0f, 64);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    SetAtomicAdd<float>();
    DataCopy(yGm, t, 64);
    SetAtomicNone();
    if (wait) {
        SetFlag<HardEvent::MTE3_MTE2>(0);
        WaitFlag<HardEvent::MTE3_MTE2>(0);
    }
    DataCopy(u, yGm, 64);
}

extern "C" __global__ __aicore__ void with_wait(GM_ADDR y)
{
    AccumulateAndReadBack(y, true);
}

extern "C" __global__ __aicore__ void no_wait(GM_ADDR y)
{
    AccumulateAndReadBack(y, false);
}
