// GetPhyAddr() of a local tensor is where its buffer is placed plus the view's offset, so a
// kernel that works only when two tensors are distinct is lowered down the side the
// addresses decide: here they differ, the Adds runs, and nothing orders it after the MTE2
// copy it reads.
// expect: raw-hazard@17
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void add_if_distinct(GM_ADDR src)
{
    GlobalTensor<float> srcGm;
    srcGm.SetGlobalBuffer((__gm__ float *)src, 64);
    LocalTensor<float> in(TPosition::VECIN, 0, 64);
    LocalTensor<float> out(TPosition::VECOUT, 256, 64);
    DataCopy(in, srcGm, 64);
    if (out.GetPhyAddr() != in.GetPhyAddr()) {
        Adds(out, in, 1.0f, 64);
    }
}
