// Ascend C calls under a condition on data: the then side negates the tile and copies it
// out, which leaves the framework's state (queues, event-id pools) as it was, so both sides
// are followed and joined in one run, as `if (?) { ... }` with the side's accesses, the
// compiler's syncs joined after it (a side that changes the queues is a run of its own:
// data_branch_queue.cpp). Only the path that negates the tile and copies it out has the race:
// nothing orders the MTE3 read after the V write.
// expect: raw-hazard@25
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
