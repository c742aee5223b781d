// (f) Tiling fields that are switches: a guess of 256 for `isEmpty` would return at once (an
// empty kernel, nothing verified) and one for `hasBias` would skip the bias's copy, whose flag
// the kernel forgets. Guessed by name instead: a switch that skips the work (isEmpty) 0, any
// other (hasBias) 1, so the code runs and the race is found; with the values given, the same.
// expect: raw-hazard@38
// expect(-D hasBias=0): clean
// expect(-D isEmpty=1): empty-kernel@17
#include "kernel_operator.h"
using namespace AscendC;

struct SwitchTiling {
    uint32_t isEmpty;
    uint32_t hasBias;
    uint32_t length;
};

extern "C" __global__ __aicore__ void switch_fields(GM_ADDR x, GM_ADDR bias, GM_ADDR y,
                                                    GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(SwitchTiling, t, tiling);
    if (t.isEmpty) {
        return;
    }
    GlobalTensor<float> xGm, biasGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    biasGm.SetGlobalBuffer((__gm__ float *)bias, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 128);
    LocalTensor<float> buf(TPosition::VECIN, 0, 64);
    DataCopy(buf, xGm, 64);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(yGm, buf, 64);
    if (t.hasBias == 1) {
        SetFlag<HardEvent::MTE3_MTE2>(0);
        WaitFlag<HardEvent::MTE3_MTE2>(0);
        LocalTensor<float> b(TPosition::VECIN, 256, 64);
        DataCopy(b, biasGm, 64);
        DataCopy(yGm[64], b, 64);
    }
}
