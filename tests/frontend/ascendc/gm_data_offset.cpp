// A GlobalTensor placed where data decides (a kernel argument plus a row read from GM): every
// access through it, and through views of it (operator[]), may touch any byte of the
// argument's memory. The first kernel writes row 0 with MTE3 and then copies the chosen row
// in with MTE2 and no flag between: the copy may read what MTE3 is still writing. The second
// waits for MTE3 first: clean.
// expect: raw-hazard@25
#include "kernel_operator.h"
using namespace AscendC;

__aicore__ inline void CopyChosenRow(GM_ADDR x, GM_ADDR rows, bool wait)
{
    GlobalTensor<float> first, chosen;
    first.SetGlobalBuffer((__gm__ float *)x, 64);
    int32_t row = *reinterpret_cast<__gm__ int32_t *>(rows);
    chosen.SetGlobalBuffer((__gm__ float *)x + row * 64, 64);
    LocalTensor<float> t(TPosition::VECOUT, 0, 64), u(TPosition::VECIN, 256, 64);
    Duplicate(t, 0.0f, 64);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(first, t, 64);
    if (wait) {
        SetFlag<HardEvent::MTE3_MTE2>(0);
        WaitFlag<HardEvent::MTE3_MTE2>(0);
    }
    DataCopy(u, chosen[8], 32);
}

extern "C" __global__ __aicore__ void no_wait(GM_ADDR x, GM_ADDR rows)
{
    CopyChosenRow(x, rows, false);
}

extern "C" __global__ __aicore__ void with_wait(GM_ADDR x, GM_ADDR rows)
{
    CopyChosenRow(x, rows, true);
}
