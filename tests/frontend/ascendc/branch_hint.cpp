// likely(x) and unlikely(x) are __builtin_expect(!!(x), v), a hint to the compiler whose
// value is x: `if (unlikely(i == 0))` is decided as `if (i == 0)` is, not a condition on data.
// The wait of the first round only is matched by the one set before the loop: clean (read as
// a condition on data, rounds 1 to 3 could wait again and deadlock).
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;
#define unlikely(x) __builtin_expect(!!(x), 0)
#define likely(x) __builtin_expect(!!(x), 1)

extern "C" __global__ __aicore__ void branch_hint(GM_ADDR x, GM_ADDR y)
{
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 256);
    yGm.SetGlobalBuffer((__gm__ float *)y, 256);
    LocalTensor<float> a(TPosition::VECIN, 0, 256), b(TPosition::VECOUT, 1024, 256);
    DataCopy(a, xGm, 256);
    SetFlag<HardEvent::MTE2_V>(0);
    for (int i = 0; i < 4; i++) {
        if (unlikely(i == 0))
            WaitFlag<HardEvent::MTE2_V>(0);
        if (likely(i < 4))
            Muls(b[i * 64], a[i * 64], 2.0f, 64);
    }
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yGm, b, 256);
}
