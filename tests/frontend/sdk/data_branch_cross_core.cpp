// A scalar store to GM (this core's mark), then a store into the tile on one side of a
// condition on data, and the copy out that reads the tile: auto-sync orders the scalar unit
// before the copy on the paths that stored into the tile. Written after the join on every
// path, that order would also put the GM mark before the SyncAll's signal (set behind MTE3)
// on the path that did not store, hiding the race of the mark with the other core's read:
// a cross-core signal after such a sync gives the join up, and the condition is lowered as
// runs (more than 64 with 16 steps: unsupported; with 2 steps the race is found, as the runs
// of --choices split find it).
// args: -D block_num=2
// expect: unsupported@19
// expect(-D STEPS=2): raw-hazard@38
// expect(-D STEPS=2 --choices split): raw-hazard@38
#include "kernel_operator.h"
using namespace AscendC;
#ifndef STEPS
#define STEPS 16
#endif

extern "C" __global__ __aicore__ void data_branch_cross_core(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 256);
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    zGm.SetGlobalBuffer((__gm__ float *)z, 64);
    __gm__ float *mark = (__gm__ float *)z + 64;
    LocalTensor<float> a = inX.AllocTensor<float>();
    DataCopy(a, xGm[GetBlockIdx() * 32], 32);
    inX.EnQue(a);
    LocalTensor<float> t = inX.DeQue<float>();
    for (int32_t i = 0; i < STEPS; i++)
        if (t.GetValue(i) > 0)
            t.SetValue(i + 16, 0.0f);
    mark[GetBlockIdx()] = 1.0f;
    DataCopy(zGm[GetBlockIdx() * 32], t, 32);
    SyncAll();
    float other = mark[1 - GetBlockIdx()];
    t.SetValue(0, other);
}
