// SyncAll's older form, the software barrier through a GM and a UB workspace: its own copies
// use both workspaces, which the frontend does not model, so the kernel is not verified.
// expect: unsupported@21
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t LEN = 256;

extern "C" __global__ __aicore__ void soft_barrier(GM_ADDR x, GM_ADDR sync)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf, syncBuf;
    pipe.InitBuffer(buf, LEN * sizeof(float));
    pipe.InitBuffer(syncBuf, 8 * sizeof(int32_t));
    GlobalTensor<float> xGm;
    GlobalTensor<int32_t> syncGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, LEN);
    syncGm.SetGlobalBuffer((__gm__ int32_t *)sync, 8 * GetBlockNum());
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm, LEN);
    SyncAll(syncGm, syncBuf.Get<int32_t>());
}
