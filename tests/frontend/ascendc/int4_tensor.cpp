// A tensor of four-bit integers (ReinterpretCast<int4b_t>) has no whole byte per element to
// measure extents by: reported where it is made, and the kernel is not verified.
// expect: unsupported@13
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void pack_int4(GM_ADDR y)
{
    TPipe pipe;
    TQue<QuePosition::VECOUT, 1> out;
    pipe.InitBuffer(out, 1, 256);
    LocalTensor<half> h = out.AllocTensor<half>();
    LocalTensor<int4b_t> packed = h.ReinterpretCast<int4b_t>();
    out.FreeTensor(h);
}
