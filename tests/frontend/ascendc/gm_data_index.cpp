// A scatter: each round reads the row of `var` an index from GM names, subtracts, and writes
// that row back. Where data decides the row (GlobalTensor operator[] with an index read from
// data), the copies may touch any byte of `var`: two rounds may name the same row, so the
// next round's copy in must wait for this round's copy out. The first kernel waits
// (MTE3 -> MTE2): clean; the second does not.
// expect: raw-hazard@23
#include "kernel_operator.h"
using namespace AscendC;

__aicore__ inline void ScatterSub(GM_ADDR var, GM_ADDR indices, bool wait)
{
    GlobalTensor<float> varGm;
    GlobalTensor<int32_t> indicesGm;
    varGm.SetGlobalBuffer((__gm__ float *)var, 1024);
    indicesGm.SetGlobalBuffer((__gm__ int32_t *)indices, 4);
    LocalTensor<float> in(TPosition::VECIN, 0, 64), out(TPosition::VECOUT, 256, 64);
    for (int i = 0; i < 4; i++) {
        int32_t row = indicesGm.GetValue(i);
        if (i > 0)
            WaitFlag<HardEvent::V_MTE2>(0);
        if (wait && i > 0)
            WaitFlag<HardEvent::MTE3_MTE2>(0);
        DataCopy(in, varGm[row * 64], 64);
        SetFlag<HardEvent::MTE2_V>(0);
        WaitFlag<HardEvent::MTE2_V>(0);
        if (i > 0)
            WaitFlag<HardEvent::MTE3_V>(0);
        Adds(out, in, -1.0f, 64);
        if (i < 3)
            SetFlag<HardEvent::V_MTE2>(0);
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
        DataCopy(varGm[row * 64], out, 64);
        if (i < 3)
            SetFlag<HardEvent::MTE3_V>(0);
        if (wait && i < 3)
            SetFlag<HardEvent::MTE3_MTE2>(0);
    }
}

extern "C" __global__ __aicore__ void scatter_wait(GM_ADDR var, GM_ADDR indices)
{
    ScatterSub(var, indices, true);
}

extern "C" __global__ __aicore__ void scatter_no_wait(GM_ADDR var, GM_ADDR indices)
{
    ScatterSub(var, indices, false);
}
