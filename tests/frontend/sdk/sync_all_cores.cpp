// Each core writes its own block of the output, then reads its neighbour's: SyncAll (the
// fixture's, a cross-core flag in mode 0 set behind MTE3 and waited for) orders every core's
// write before every read; with -D block_num the kernel is checked on each core.
// args: -D block_num=2
// expect: clean
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
    SyncAll();
    SetFlag<HardEvent::MTE3_MTE2>(0);
    WaitFlag<HardEvent::MTE3_MTE2>(0);
    DataCopy(a, zGm[other * 64], 64);
}
