// A condition on data whose then side runs a vector op (Muls into its own eighth of the tile's
// second half), and a scalar read of the first eighth after the loop. The compiler orders the
// Muls before the read with a flag pair V -> S on the paths that ran the first one; that
// pair's wait stops issue, so on a path that did not, the same pair would order the other
// Muls before everything issued later, which that path's own syncs do not: written after the
// join it could hide that path's races. So the condition is lowered as runs of its own,
// 2^STEPS of them: more than 64 with 16 steps is unsupported (never a partial pass), 8 with
// 3 steps are checked, clean.
// expect: unsupported@17
// expect(-D STEPS=3): clean
#include "kernel_operator.h"
using namespace AscendC;
#ifndef STEPS
#define STEPS 16
#endif

extern "C" __global__ __aicore__ void data_branch_vector_side(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 1024);
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 256);
    zGm.SetGlobalBuffer((__gm__ float *)z, 64);
    LocalTensor<float> a = inX.AllocTensor<float>();
    DataCopy(a, xGm, 64);
    inX.EnQue(a);
    LocalTensor<float> t = inX.DeQue<float>();
    LocalTensor<float> u = t[64];
    for (int32_t i = 0; i < STEPS; i++)
        if (t.GetValue(i) > 0)
            Muls(u[i * 8], t, 2.0f, 8);
    float first = u.GetValue(0);
    t.SetValue(0, first);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(zGm, t, 64);
}
