// A TQueBind from VECIN to VECOUT moves tiles from GM to GM through UB with nothing in between:
// MTE2 copies a tile in, EnQue hands it to MTE3 (set_flag(MTE2, MTE3)), DeQue waits for it,
// and FreeTensor gives the buffer back to MTE2 (set_flag(MTE3, MTE2)), which AllocTensor waits
// for when the buffer comes round again. The second kernel copies the tile out before DeQue:
// MTE3 reads what MTE2 may still be writing (the file's one finding).
// expect: raw-hazard@39
#include "kernel_operator.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void copy_through(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, 2> bind;
    pipe.InitBuffer(bind, 2, 256);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 256);
    yGm.SetGlobalBuffer((__gm__ float *)y, 256);
    for (int i = 0; i < 4; i++) {
        LocalTensor<float> t = bind.AllocTensor<float>();
        DataCopy(t, xGm[i * 64], 64);
        bind.EnQue(t);
        LocalTensor<float> u = bind.DeQue<float>();
        DataCopy(yGm[i * 64], u, 64);
        bind.FreeTensor(u);
    }
}

extern "C" __global__ __aicore__ void copy_out_early(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, 1> bind;
    pipe.InitBuffer(bind, 1, 256);
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    LocalTensor<float> t = bind.AllocTensor<float>();
    DataCopy(t, xGm, 64);
    bind.EnQue(t);
    DataCopy(yGm, t, 64);
    LocalTensor<float> u = bind.DeQue<float>();
    bind.FreeTensor(u);
}
