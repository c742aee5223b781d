// TQueSync<PIPE_A, PIPE_B> is a flag pair between two pipes: SetFlag(id) is set_flag(A, B, id),
// WaitFlag(id) wait_flag(A, B, id). The first kernel orders the MTE2 copy before the Adds with
// one; the second names the wrong pipes (MTE3 to V), so nothing orders the copy before the
// Adds that reads it (the file's one finding).
// expect: raw-hazard@32
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void synced(GM_ADDR x)
{
    LocalTensor<float> t(TPosition::VECIN, 0, 64);
    LocalTensor<float> u(TPosition::VECOUT, 256, 64);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    DataCopy(t, xGm, 64);
    TQueSync<PIPE_MTE2, PIPE_V> sync;
    sync.SetFlag(0);
    sync.WaitFlag(0);
    Adds(u, t, 1.0f, 64);
}

extern "C" __global__ __aicore__ void wrong_pipes(GM_ADDR x)
{
    LocalTensor<float> t(TPosition::VECIN, 0, 64);
    LocalTensor<float> u(TPosition::VECOUT, 256, 64);
    GlobalTensor<float> xGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    DataCopy(t, xGm, 64);
    TQueSync<PIPE_MTE3, PIPE_V> sync;
    sync.SetFlag(0);
    sync.WaitFlag(0);
    Adds(u, t, 1.0f, 64);
}
