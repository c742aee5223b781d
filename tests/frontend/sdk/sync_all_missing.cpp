// As sync_all_cores.cpp without its SyncAll: a core reads its neighbour's block while the
// neighbour may still be writing it, a hazard across cores (GM is one memory for all).
// args: -D block_num=2
// expect: raw-hazard@25
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void sync_all_cores(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 512);
    int64_t me = GetBlockIdx(), other = 1 - GetBlockIdx();
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 128);
    zGm.SetGlobalBuffer((__gm__ float *)z, 128);
    LocalTensor<float> a = inX.AllocTensor<float>();
    DataCopy(a, xGm[me * 64], 64);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(zGm[me * 64], a, 64);
    // no SyncAll(): the neighbour may not have written yet
    SetFlag<HardEvent::MTE3_MTE2>(0);
    WaitFlag<HardEvent::MTE3_MTE2>(0);
    DataCopy(a, zGm[other * 64], 64);
}
