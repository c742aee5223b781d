// An API call under a condition on data: the Ascend C layer keeps state (queues, event-id
// pools, auto-sync) that the frontend cannot follow down both sides of such a condition, so
// the call is unsupported and the kernel not verified, never reported clean.
// expect: unsupported@22
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void clamp_first(GM_ADDR src, GM_ADDR out)
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
    if (first < 0) {
        outGm.SetValue(0, 0);
    }
    inQueue.FreeTensor(v);
}
