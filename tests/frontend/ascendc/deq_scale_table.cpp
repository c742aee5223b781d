// SetDeqScale's table form writes a tensor of scales (not a setting of the unit): it is
// reported where called, and the kernel is not verified.
// expect: unsupported@12
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void deq_table(GM_ADDR x)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> scales;
    pipe.InitBuffer(scales, 256);
    SetDeqScale(scales.Get<uint64_t>(), 1.0f);
}
