// half is a literal type, as with the device compiler: a kernel may declare constexpr halves
// and use them as scalar operands (values not known before the kernel runs). Muls reads the
// tile the MTE2 copy fills, with no flag in between.
// expect: raw-hazard@17
#include "kernel_operator.h"
using namespace AscendC;

constexpr half SCALE = 0.5;

extern "C" __global__ __aicore__ void scale(GM_ADDR x)
{
    LocalTensor<half> t(TPosition::VECIN, 0, 128);
    LocalTensor<half> u(TPosition::VECOUT, 256, 128);
    GlobalTensor<half> xGm;
    xGm.SetGlobalBuffer((__gm__ half *)x, 128);
    DataCopy(t, xGm, 128);
    Muls(u, t, SCALE, 128);
}
