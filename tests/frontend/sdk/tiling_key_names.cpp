// Tiling keys named rather than written as numbers, as operators write them: a macro (with
// the suffix UL), a constant and an enumerator. Each is a run of its own, as the build
// compiles one kernel per key: key 100000 orders the copy before the vector op, keys 100010
// and 7 forget to, so kernels tiling_key_names_key7 and _key100010 each have the hazard at
// line 34. Were the names not read, key 0 alone would be run, with none of the copies, and
// the kernel would look clean.
// expect: raw-hazard@34 raw-hazard@34
#include "kernel_operator.h"
using namespace AscendC;

#define KEY_ORDERED 100000UL
constexpr uint64_t KEY_UNORDERED = KEY_ORDERED + 10;
enum SmallKeys { KEY_SMALL = 7 };

extern "C" __global__ __aicore__ void tiling_key_names(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 1024);
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 128);
    zGm.SetGlobalBuffer((__gm__ float *)z, 128);
    LocalTensor<float> a = inX.AllocTensor<float>();
    LocalTensor<float> b = a[128];
    if (TILING_KEY_IS(KEY_ORDERED)) {
        DataCopy(a, xGm, 128);
        SetFlag<HardEvent::MTE2_V>(0);
        WaitFlag<HardEvent::MTE2_V>(0);
    } else if (TILING_KEY_IS(KEY_UNORDERED)) {
        DataCopy(a, xGm, 128);
    } else if (TILING_KEY_IS(KEY_SMALL)) {
        DataCopy(a, xGm, 128);
    }
    Muls(b, a, 2.0f, 128);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(zGm, b, 128);
}
