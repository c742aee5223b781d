// sync_all_cores.cpp with the kernel's own cross-core flag 12 in place of SyncAll, read through
// the SDK: the flag reaches the intrinsics inside the SDK's CrossCoreSetFlag and
// CrossCoreWaitFlag, and both calls, the kernel's own, are a bad-event-id at the kernel's
// lines (the model leaves a kernel 0 to 10; SyncAll's own flag 14 in sync_all_cores.cpp is
// not reported). The order the flag gives is still checked: no race.
// args: -D block_num=2
// expect: bad-event-id@25 bad-event-id@26
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void cross_flag_reserved(GM_ADDR x, GM_ADDR z)
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
    CrossCoreSetFlag<0, PIPE_MTE3>(12);
    CrossCoreWaitFlag(12);
    SetFlag<HardEvent::MTE3_MTE2>(0);
    WaitFlag<HardEvent::MTE3_MTE2>(0);
    DataCopy(a, zGm[other * 64], 64);
}
