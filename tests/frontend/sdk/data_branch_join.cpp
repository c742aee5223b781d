// Conditions on data read through the SDK: for each element read with GetValue, the then side
// stores into the tile's second half with SetValue (a store through a __ubuf__ pointer in the
// fixture), the else side stores nothing. The SDK keeps its queues in the program's objects,
// which the interpreter joins, so the sides are followed and joined, the scalar stores joined
// in auto-sync's tracking. Without auto-sync that is the whole story: one run, 2^16 paths, and
// the stores race with the copy in and with the Muls and the copy out that read them. With
// auto-sync the compiler orders the stores before the Muls on the paths that made them; on
// the path that made none, the same sync out of the scalar unit, written after the join,
// orders nothing a run of that path would leave unordered (the model's auto_issuer: every
// pair out of S is the compiler's, and the earlier scalar accesses are UB's), so the join
// stands: one run, clean, as the 2^STEPS runs of --choices split find on a small instance.
// Without the wait before the copy out (-D NO_WAIT) both find the same race.
// expect: clean
// expect(-D STEPS=4 --choices split): clean
// expect(-D NO_WAIT=1): raw-hazard@46
// expect(-D NO_WAIT=1 -D STEPS=4 --choices split): raw-hazard@46
// expect(--auto-sync=off): raw-hazard@39 waw-hazard@40 raw-hazard@41 raw-hazard@46
// expect(-D STEPS=4 --auto-sync=off): raw-hazard@39 waw-hazard@40 raw-hazard@41 raw-hazard@46
#include "kernel_operator.h"
using namespace AscendC;
#ifndef STEPS
#define STEPS 16
#endif

extern "C" __global__ __aicore__ void data_branch_join(GM_ADDR x, GM_ADDR z)
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
    for (int32_t i = 0; i < STEPS; i++)
        if (t.GetValue(i) > 0)
            u.SetValue(i, 1.0f);
    Muls(t, u, 2.0f, 32);
#ifndef NO_WAIT
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
#endif
    DataCopy(zGm, t, 64);
}
