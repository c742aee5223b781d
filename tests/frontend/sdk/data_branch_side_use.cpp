// `if (large && odd)` on two values read with GetValue: the second is needed (rule 10, `use`)
// only on the side where the first holds, a use inside that side, which orders what follows
// it on that side only and keeps the engine from taking both sides as alternatives of one
// run. With the compiler's auto-sync every pair of the core's accesses such a use would order
// is ordered by a sync of auto-sync's own, so the frontend leaves the use out: one run, the
// same verdict as the runs of every path (--choices split on a small instance). Without
// auto-sync the use stays: 2^16 paths, more than the 4096 checked (limit-exceeded); 8 paths with
// 3 steps, where the scalar accesses race with the copies and the Muls.
// expect: clean
// expect(-D STEPS=3 --choices split): clean
// expect(--auto-sync=off): limit-exceeded@19
// expect(-D STEPS=3 --auto-sync=off): raw-hazard@33 raw-hazard@34 waw-hazard@38 raw-hazard@40 raw-hazard@43
#include "kernel_operator.h"
using namespace AscendC;
#ifndef STEPS
#define STEPS 16
#endif

extern "C" __global__ __aicore__ void data_branch_side_use(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX;
    pipe.InitBuffer(inX, 1, 256);
    GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    zGm.SetGlobalBuffer((__gm__ float *)z, 64);
    LocalTensor<float> a = inX.AllocTensor<float>();
    DataCopy(a, xGm, 64);
    inX.EnQue(a);
    LocalTensor<float> t = inX.DeQue<float>();
    LocalTensor<float> u = t[32];
    for (int32_t i = 0; i < STEPS; i++) {
        float v = t.GetValue(i);
        float w = u.GetValue(i);
        bool large = v > 1.0f;
        bool odd = w != w;
        if (large && odd)
            u.SetValue(i, v);
    }
    Muls(t, u, 2.0f, 32);
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(zGm, t, 64);
}
