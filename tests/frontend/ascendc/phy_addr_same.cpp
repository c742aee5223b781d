// The kernel of phy_addr.cpp with both tensors at UB address 0: GetPhyAddr() tells they are
// the same, the Adds is skipped, and nothing reads the copied bytes.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void add_if_distinct_same(GM_ADDR src)
{
    GlobalTensor<float> srcGm;
    srcGm.SetGlobalBuffer((__gm__ float *)src, 64);
    LocalTensor<float> in(TPosition::VECIN, 0, 64);
    LocalTensor<float> out(TPosition::VECOUT, 0, 64);
    DataCopy(in, srcGm, 64);
    if (out.GetPhyAddr() != in.GetPhyAddr()) {
        Adds(out, in, 1.0f, 64);
    }
}
