// A scalar loop in the shape of ops-math masked_fill: the mask tile filled by scalar stores,
// the data tile by a copy in, and each output element the data element or a constant as the
// mask says: `m > 0 ? 1.0f : x.GetValue(i)`. Only the else side reads the copied tile, so only
// there does auto-sync put the pair MTE2 -> S before the read, at the first such read of a
// path. A later read then needs the pair on the paths where no earlier element took the else
// side and not on the others. On those, the copy is the only access of MTE2 not yet ordered,
// ordered already by the earlier pair, and no wait entered MTE2's queue since: the pair, whose
// wait stops issue, orders nothing more there, so it is written in the side on every path and
// the sides join (one run, each side's accesses alternatives the engine explores: 2^STEPS
// paths). Before, each condition was a run of its own, more than 64. The runs of every path
// (--choices split) find the same on a small instance.
// expect: clean
// expect(-D STEPS=3 --choices split): clean
// expect(-D STEPS=3 --auto-sync=off): raw-hazard@44 raw-hazard@47
#include "kernel_operator.h"
using namespace AscendC;
#ifndef STEPS
#define STEPS 8
#endif

extern "C" __global__ __aicore__ void data_branch_into_issuer(GM_ADDR x, GM_ADDR m, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inM, inX;
    TQue<QuePosition::VECOUT, 1> outZ;
    pipe.InitBuffer(inM, 1, 256);
    pipe.InitBuffer(inX, 1, 256);
    pipe.InitBuffer(outZ, 1, 256);
    GlobalTensor<float> xGm, mGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    mGm.SetGlobalBuffer((__gm__ float *)m, 64);
    zGm.SetGlobalBuffer((__gm__ float *)z, 64);
    LocalTensor<float> xl = inX.AllocTensor<float>();
    DataCopy(xl, xGm, 64);
    inX.EnQue(xl);
    LocalTensor<float> ml = inM.AllocTensor<float>();
    for (int32_t i = 0; i < STEPS; i++)
        ml.SetValue(i, ((__gm__ float *)m)[i]);
    inM.EnQue(ml);
    LocalTensor<float> mv = inM.DeQue<float>();
    LocalTensor<float> xv = inX.DeQue<float>();
    LocalTensor<float> zl = outZ.AllocTensor<float>();
    for (int32_t i = STEPS - 1; i >= 0; i--)
        zl.SetValue(i, mv.GetValue(i) > 0 ? 1.0f : xv.GetValue(i));
    outZ.EnQue(zl);
    LocalTensor<float> zo = outZ.DeQue<float>();
    DataCopy(zGm, zo, 64);
}
