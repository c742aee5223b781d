// The device compiler's scalar math is C++ overloads, so a kernel may be named after one of
// them (exp) and still call sqrt and abs. abs of a known integer is computed: the read-back
// starts abs(-64) elements into y, where the copy-out wrote, and nothing orders MTE3 before
// MTE2. sqrt's result is a value not known before the kernel runs: a fine scalar operand.
// expect: raw-hazard@27
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void exp(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> calc;
    pipe.InitBuffer(calc, 1024);
    LocalTensor<float> all = calc.Get<float>(256);
    GlobalTensor<float> xGm, yGm, backGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y + 64, 64);
    int64_t shift = -64;
    backGm.SetGlobalBuffer((__gm__ float *)y + abs(shift), 64);
    DataCopy(all, xGm, 64);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    Muls(all[64], all, sqrt(2.0f), 64);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(yGm, all[64], 64);
    DataCopy(all[128], backGm, 64);
}
