// Ascend C calls under a condition on data: the layer's state (queues, event-id pools,
// auto-sync) cannot be joined after both sides, so each side is its own run of the whole
// kernel, and the runs are the sides of one `if (?)`. Only the run that negates the tile
// and copies it out has the race: nothing orders the MTE3 read after the V write.
// expect: raw-hazard@23
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void copy_if_negative(GM_ADDR src, GM_ADDR out)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQueue;
    pipe.InitBuffer(inQueue, 1, 256);
    GlobalTensor<int32_t> srcGm, outGm;
    srcGm.SetGlobalBuffer((__gm__ int32_t *)src, 64);
    outGm.SetGlobalBuffer((__gm__ int32_t *)out, 64);
    LocalTensor<int32_t> t = inQueue.AllocTensor<int32_t>();
    DataCopy(t, srcGm, 64);
    inQueue.EnQue(t);
    LocalTensor<int32_t> v = inQueue.DeQue<int32_t>();
    if (v.GetValue(0) < 0) {
        Muls(v, v, -1, 64);
        DataCopy(outGm, v, 64);
    }
    inQueue.FreeTensor(v);
}
