// A condition on data that only moves scalars: `first` is read from the tile, so whether
// `sign` is flipped is not known before the kernel runs. Each side is a run of its own (the
// Ascend C state is never joined); neither touches memory differently, so both are clean.
// expect: clean
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void first_magnitude(GM_ADDR src, GM_ADDR out)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQueue;
    pipe.InitBuffer(inQueue, 1, 256);
    GlobalTensor<int32_t> srcGm, outGm;
    srcGm.SetGlobalBuffer((__gm__ int32_t *)src, 64);
    outGm.SetGlobalBuffer((__gm__ int32_t *)out, 1);
    LocalTensor<int32_t> t = inQueue.AllocTensor<int32_t>();
    DataCopy(t, srcGm, 64);
    inQueue.EnQue(t);
    LocalTensor<int32_t> v = inQueue.DeQue<int32_t>();
    int32_t first = v.GetValue(0);
    int32_t sign = 1;
    if (first < 0) {
        sign = -1;
    }
    outGm.SetValue(0, first * sign);
    inQueue.FreeTensor(v);
}
