// The C and C++ libraries' math included after the frontend's declarations: both parse, an
// entry named after no library function still calls sqrt, abs, pow and min unqualified, and abs
// of a known integer is still computed (the read-back starts abs(-64) elements into y, where
// the copy-out wrote, and nothing orders MTE3 before MTE2).
// expect: raw-hazard@30
#include "kernel_operator.h"
#include <cmath>
#include <cstdlib>
#include <cstdint>
using namespace AscendC;

extern "C" __global__ __aicore__ void scale_rows(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> calc;
    pipe.InitBuffer(calc, 1024);
    LocalTensor<float> all = calc.Get<float>(256);
    GlobalTensor<float> xGm, yGm, backGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y + 64, 64);
    int64_t shift = -64;
    backGm.SetGlobalBuffer((__gm__ float *)y + abs(shift), min(64, 128));
    DataCopy(all, xGm, 64);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    Muls(all[64], all, sqrt(2.0f) * pow(2.0f, 3) + std::exp(1.0f), 64);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yGm, all[64], 64);
    DataCopy(all[128], backGm, 64);
}
