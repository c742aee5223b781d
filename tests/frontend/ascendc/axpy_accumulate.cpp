// Axpy accumulates into its destination (dst = src * scalar + dst): it reads dst as well as
// writing it, so the accumulator still being filled by MTE2 is a read-after-write race as
// well as a write-after-write one (an API that only wrote dst would give the second alone).
// expect: raw-hazard@18 waw-hazard@18
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void axpy_accumulate(GM_ADDR src, GM_ADDR acc_init)
{
    GlobalTensor<float> srcGm, accGm;
    srcGm.SetGlobalBuffer((__gm__ float *)src, 64);
    accGm.SetGlobalBuffer((__gm__ float *)acc_init, 64);
    LocalTensor<float> x(TPosition::VECIN, 0, 64);
    LocalTensor<float> acc(TPosition::VECCALC, 256, 64);
    DataCopy(x, srcGm, 64);
    PipeBarrier<PIPE_ALL>();
    DataCopy(acc, accGm, 64);
    Axpy<float, float>(acc, x, 2.0f, 64);
}
