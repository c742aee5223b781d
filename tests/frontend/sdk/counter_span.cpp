// A vector instruction in counter mode covers as many repeats as its count needs: a count of
// 2^40 floats is 2^34 repeats of 64, which read 4 TiB past the 1 KiB buffer (through the
// fixture UB is one buffer: it does not fit). The span is computed from the first and the last
// repeats (strides do not go back), not one repeat at a time, which took minutes.
// args: --auto-sync=off
// expect: out-of-bounds@0
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void counter_span(GM_ADDR x)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> in;
    TQue<QuePosition::VECOUT, 1> out;
    pipe.InitBuffer(in, 1, 1024);
    pipe.InitBuffer(out, 1, 256);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 256);
    LocalTensor<float> a = in.AllocTensor<float>();
    DataCopy(a, xGm, 256);
    in.EnQue(a);
    LocalTensor<float> b = in.DeQue<float>();
    LocalTensor<float> o = out.AllocTensor<float>();
    set_mask_count();
    set_vector_mask(0, (uint64_t)1 << 40);
    // dst repeat stride 0: every repeat's sum goes to o[0]
    vcadd((__ubuf__ float *)o.GetPhyAddr(), (__ubuf__ float *)b.GetPhyAddr(), 1, 0, 1, 8, 1);
    set_mask_norm();
}
