// Sum is a high-level API (a reduction with a temporary buffer of its own): its SumParams
// declared so the kernel parses, the call reported where made, the kernel not verified.
// expect: unsupported@15
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void row_sums(GM_ADDR x)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024);
    LocalTensor<float> src = buf.Get<float>();
    LocalTensor<float> dst = src[128];
    SumParams params{2, 64, 60};
    Sum(dst, src, params);
}
