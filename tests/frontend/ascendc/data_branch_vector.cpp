// A condition on data whose then side adds to the tile with the vector unit, before the
// Muls after it that reads the tile. The compiler's auto-sync puts a pipe_barrier(V) between
// the two on the path that ran the Adds, none on the other. A barrier of the vector unit's own
// orders only vector instructions among themselves, all of which auto-sync orders where they
// conflict on every path anyway: so the barrier is written after the join, on every path, and
// the choice stays joined in one run (the findings of each path's own run: tests/golden.py
// compares with --choices split). Without auto-sync the Muls races with the Adds.
// expect: clean
// expect(--auto-sync=off): raw-hazard@33
#include "kernel_operator.h"
using namespace AscendC;
constexpr int32_t N = 64;

extern "C" __global__ __aicore__ void data_branch_vector(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inQ;
    TQue<QuePosition::VECOUT, 1> outQ;
    pipe.InitBuffer(inQ, 1, N * sizeof(float));
    pipe.InitBuffer(outQ, 1, N * sizeof(float));
    GlobalTensor<float> xGm, yGm;
    GlobalTensor<int32_t> zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, N);
    zGm.SetGlobalBuffer((__gm__ int32_t *)z, 8);
    LocalTensor<float> t = inQ.AllocTensor<float>();
    DataCopy(t, xGm, N);
    inQ.EnQue(t);
    LocalTensor<float> v = inQ.DeQue<float>();
    LocalTensor<float> o = outQ.AllocTensor<float>();
    if (zGm.GetValue(0) > 0)
        Adds(v, v, 1.0f, N);
    Muls(o, v, 2.0f, N);
    outQ.EnQue(o);
    inQ.FreeTensor(v);
    LocalTensor<float> w = outQ.DeQue<float>();
    DataCopy(yGm, w, N);
    outQ.FreeTensor(w);
}
