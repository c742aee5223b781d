// A scalar read of a tile that MTE2 may still be filling: the queue's flags order MTE2 before
// V, not before the scalar unit. With auto-sync (the default) the compiler adds the MTE2->S
// flag; without it, GetValue races with the copy.
// expect: clean
// expect(--auto-sync=off): raw-hazard@21
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void first_element(GM_ADDR src, GM_ADDR out)
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
    outGm.SetValue(0, first);
    inQueue.FreeTensor(v);
}
