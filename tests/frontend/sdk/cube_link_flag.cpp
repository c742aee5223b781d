// A cross-core flag in mode 2, the vector core telling its cube core that a tile is in GM (a
// MIX kernel's hand-off, ops-transformer's mla_prolog). Read through the SDK only the vector
// cores run, so the flag would reach no core and its wait would never return: a deadlock
// the kernel does not have. Not verified instead: unsupported at the kernel's CrossCoreSetFlag.
// args: -D block_num=2
// expect: unsupported@23
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void cube_link_flag(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 512);
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 128);
    zGm.SetGlobalBuffer((__gm__ float *)z, 128);
    LocalTensor<float> a = inX.AllocTensor<float>();
    DataCopy(a, xGm[GetBlockIdx() * 64], 64);
    SetFlag<HardEvent::MTE2_MTE3>(0);
    WaitFlag<HardEvent::MTE2_MTE3>(0);
    DataCopy(zGm[GetBlockIdx() * 64], a, 64);
    CrossCoreSetFlag<2, PIPE_MTE3>(6);
    CrossCoreWaitFlag(6);
}
